import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PLAY_TEXTS, checkSpectatorChat, isFinished, type Color } from '@rush/domain';
import { errorText, ApiError } from '../../api/http.ts';
import { CommandError } from '../../api/realtime.ts';
import { Button } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { useSession } from '../../api/session.ts';
import { AnalysisPanel } from '../fairplay/index.ts';
import { ReportOpponentButton } from '../reports/index.ts';
import {
  clockReading,
  DisconnectBanner,
  FirstMoveNote,
  lastMoveAnnouncement,
  type LiveGame,
  MoveList,
  PlayersAndBoard,
  PrizePool,
  ResultDialog,
  useGameCommands,
  useLiveGame,
} from '../play/index.ts';
import { ChatPanel } from '../../ui/ChatPanel.tsx';
import { fenAfter, positionInfo } from '../../ui/board/chess.ts';
import { useSpectateHeartbeat } from './useSpectateHeartbeat.ts';

const NO_DESTS: ReadonlyMap<string, readonly string[]> = new Map();

/** "3 viewers". */
export const viewerCount = (n: number): string => `${n} ${n === 1 ? 'viewer' : 'viewers'}`;

function SpectatorChat({ game }: { game: LiveGame }) {
  const { me } = useSession();
  const { view } = game;
  const commands = useGameCommands(view.id);
  const lastOwn = me ? ([...view.spectatorChat].reverse().find((l) => l.uid === me.uid)?.text ?? null) : null;
  const send = (text: string) => {
    // Instant feedback with the rules the server applies too; its answer is what counts.
    const serverNow = Date.parse(view.clock.serverNow) + (Date.now() - game.clockAt);
    const check = checkSpectatorChat({
      signedIn: me !== null,
      gameExists: true,
      text,
      finishedAt: view.endedAt ? new Date(view.endedAt) : null,
      now: new Date(serverNow),
      lastOwnText: lastOwn,
    });
    if (!check.ok) return Promise.reject(new CommandError(check.reason, check.message));
    return commands.spectatorChat(check.text);
  };
  return (
    <ChatPanel
      title="Spectator chat"
      className="spectator-chat"
      lines={view.spectatorChat}
      aside={
        <span className="muted" data-testid="viewer-count">
          {viewerCount(view.spectators)}
        </span>
      }
      onSend={me ? send : undefined}
      notice={
        <>
          {PLAY_TEXTS.chatLogin} <Link to="/login">Log in</Link>
        </>
      }
    />
  );
}

function ReplayControls({ ply, last, onPly }: { ply: number; last: number; onPly: (ply: number) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' && ply > 0) onPly(ply - 1);
    else if (event.key === 'ArrowRight' && ply < last) onPly(ply + 1);
    else return;
    event.preventDefault();
  };
  return (
    <div className="replay-controls" role="toolbar" aria-label="Replay" onKeyDown={onKeyDown}>
      <Button variant="secondary" onClick={() => onPly(0)} disabled={ply === 0}>
        First
      </Button>
      <Button variant="secondary" onClick={() => onPly(ply - 1)} disabled={ply === 0}>
        Previous
      </Button>
      <Button variant="secondary" onClick={() => onPly(ply + 1)} disabled={ply >= last}>
        Next
      </Button>
      <Button variant="secondary" onClick={() => onPly(last)} disabled={ply >= last}>
        Last
      </Button>
    </div>
  );
}

interface SpectateScreenProps {
  game: LiveGame;
  orientation: Color;
  /** Opened as the replay of a finished game (History's Analyze): no winner popup on arrival. */
  analysis: boolean;
}

function SpectateScreen({ game, orientation, analysis }: SpectateScreenProps) {
  const { view } = game;
  const commands = useGameCommands(view.id);
  const live = view.status === 'started';
  const finished = isFinished(view.status);
  useSpectateHeartbeat(view.id, live && view.you === null, commands);
  const [popupClosed, setPopupClosed] = useState(analysis);
  const [replayPly, setReplayPly] = useState<number | null>(null);

  // A finished game can be replayed move by move (the Analyze link of the History lands here).
  const shownPly = finished && replayPly !== null ? Math.min(replayPly, view.moves.length) : view.moves.length;
  const fen = useMemo(
    () =>
      shownPly === view.moves.length
        ? view.fen
        : (fenAfter(view.initialFen, view.moves.slice(0, shownPly)) ?? view.fen),
    [shownPly, view.fen, view.initialFen, view.moves],
  );
  const info = useMemo(() => positionInfo(fen), [fen]);
  const lastUci = shownPly > 0 ? view.moves[shownPly - 1] : undefined;
  const lastMove = useMemo<readonly [string, string] | null>(
    () => (lastUci ? [lastUci.slice(0, 2), lastUci.slice(2, 4)] : null),
    [lastUci],
  );
  const { clock, turn } = view;
  const reading = useMemo(() => clockReading(clock, turn, game.clockAt), [clock, turn, game.clockAt]);

  return (
    <section
      className="game-screen spectate-screen"
      aria-label={`Watching: ${view.white.username} versus ${view.black.username}`}
    >
      <title>{`Watch: ${view.white.username} vs ${view.black.username}`}</title>
      <div className="game-layout">
        <div className="game-main">
          <PlayersAndBoard
            view={view}
            bottom={orientation}
            info={info}
            reading={reading}
            live={live}
            dests={NO_DESTS}
            lastMove={lastMove}
            ownBottom={false}
          />
          {finished ? <ReplayControls ply={shownPly} last={view.moves.length} onPly={setReplayPly} /> : null}
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {lastMoveAnnouncement(view.san)}
          </p>
        </div>
        <div className="game-side">
          {finished ? (
            <section className="spectate-status" aria-label="Game status">
              <p className="spectate-ended" role="status">
                {PLAY_TEXTS.gameHasEnded}
              </p>
              {view.statusText ? <p className="muted">{view.statusText}</p> : null}
              <Button variant="secondary" onClick={() => setPopupClosed(false)}>
                Show result
              </Button>
            </section>
          ) : null}
          <FirstMoveNote game={game} />
          <DisconnectBanner game={game} />
          <PrizePool stake={view.stake} />
          {/* Only the game's players may report (issue 10): a player watching their own game gets
              the button, spectators none. */}
          <div className="spectate-reports">
            <ReportOpponentButton game={view} />
          </div>
          <MoveList
            san={view.san}
            selectedPly={finished ? shownPly : undefined}
            onSelectPly={finished ? setReplayPly : undefined}
          />
          <SpectatorChat game={game} />
        </div>
      </div>
      {/* Issue 14: History's Analyze lands here; the engine's analysis under the replay. */}
      {analysis && finished ? <AnalysisPanel view={view} selectedPly={shownPly} onSelectPly={setReplayPly} /> : null}
      {finished && !popupClosed ? <ResultDialog view={view} onClose={() => setPopupClosed(true)} /> : null}
    </section>
  );
}

/** SPEC 2 /tv/{id}: a live game for anyone, read-only, with the spectator chat. */
export function SpectatePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const orientation: Color = params.get('orientation') === 'black' ? 'black' : 'white';
  const game = useLiveGame(id || null);

  if (game.isError || !game.data) {
    // A game that does not exist will not appear by reading again.
    const notFound = game.error instanceof ApiError && game.error.status === 404;
    return (
      <section className="page">
        <title>Spectate</title>
        <h1>Spectate</h1>
        <QueryState
          query={game}
          loading="Loading the game…"
          subject="the game"
          describe={(error) => (notFound ? PLAY_TEXTS.gameNotFound : errorText(error))}
          retry={!notFound}
        />
      </section>
    );
  }
  return (
    <SpectateScreen
      key={game.data.view.id}
      game={game.data}
      orientation={orientation}
      analysis={params.get('analysis') === '1'}
    />
  );
}
