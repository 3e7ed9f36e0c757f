import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { PLAY_TEXTS, isFinished, opposite, type Color } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ReportOpponentButton } from '../reports/index.ts';
import { useSession } from '../../api/session.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { DisconnectBanner, FirstMoveNote } from './Banners.tsx';
import { ChatPanel } from '../../ui/ChatPanel.tsx';
import { commandErrorText } from '../../api/realtime-commands.ts';
import { useGameCommands, type OfferActionName } from './commands.ts';
import { isRateLimited, RateLimitAlert } from './RateLimitAlert.tsx';
import { GameControls, controlsState } from './GameControls.tsx';
import { positionOfFen, type ParsedMove } from '../../ui/board/fen.ts';
import { clockReading, type LiveGame } from './liveGame.ts';
import { MoveInput } from './MoveInput.tsx';
import { MoveList } from './MoveList.tsx';
import { colorName } from './PlayerBar.tsx';
import { PlayersAndBoard } from './PlayersAndBoard.tsx';
import { PrizePool } from './PrizePool.tsx';
import { useChessRules } from '../../ui/board/useChessRules.ts';
import { useGameDialogs } from './useGameDialogs.ts';
import './play.css';

const NO_DESTS: ReadonlyMap<string, readonly string[]> = new Map();

// The sounds and their Mute toggle load after the first render (issue 17's first-load budget).
const GameSoundLayer = lazy(() => import('./GameSoundLayer.tsx').then((m) => ({ default: m.GameSoundLayer })));

/** The last move as a [from, to] pair for the board's highlight. */
function lastMoveOf(uci: string | undefined): readonly [string, string] | null {
  return uci ? [uci.slice(0, 2), uci.slice(2, 4)] : null;
}

interface PendingMove {
  ply: number;
  uci: string;
  fen: string;
}

/** "Last move: Black Qh4#": announced politely to screen readers after every move. */
export function lastMoveAnnouncement(san: readonly string[]): string {
  if (san.length === 0) return '';
  const mover: Color = san.length % 2 === 1 ? 'white' : 'black';
  return `Last move: ${colorName(mover)} ${san[san.length - 1] ?? ''}`;
}

interface GameScreenProps {
  game: LiveGame;
  /** After the end: leave the finished game (back to the match screen). */
  onDone?: () => void;
  /** A matchmaking or bot game: the result popup's actions (SPEC 4 Done, Rematch, Find New Match). */
  finishActions?: ReactNode;
  /** Abort through another call than the game command (a bot game: SPEC 7 abortBotGame). */
  onAbort?: () => Promise<unknown>;
  /** Said in the prize pool: whose money a giveaway's prize is (SPEC 3 isGiveawayMode). */
  prizeNote?: string | null;
}

/**
 * SPEC 2 game view for a player: board, both players with clocks and captured pieces, moves,
 * chat, prize pool, controls, and the result, rematch, draw and takeback modals. Moves are
 * shown at once and sent with their ply; the server's answer (or its state) always wins.
 */
export function GameScreen({ game, onDone, finishActions, onAbort, prizeNote }: GameScreenProps) {
  const { view } = game;
  const you: Color = view.you ?? 'white';
  const them = opposite(you);
  // Against an engine: no offers, no chat and no report (nobody reads them).
  const vsEngine = view.engine === them;
  const commands = useGameCommands(view.id);
  const live = view.status === 'started';
  // Issue 19: the game sounds, unless the user muted them (a setting of the account). Quiet until
  // the session is known, so a muted user never hears a first sound.
  const session = useSession();
  const muted = session.loading || (session.me?.settings.soundMuted ?? false);

  const [pendingRaw, setPending] = useState<PendingMove | null>(null);
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissedOffers, setDismissedOffers] = useState<readonly string[]>([]);
  const [resultClosed, setResultClosed] = useState(false);
  const [confirmResign, setConfirmResign] = useState(false);
  const [limitAlert, setLimitAlert] = useState<string | null>(null);
  /** A refusal for too many requests (SPEC 8) is an alert; any other an inline message. */
  const failed = useCallback((error: unknown, inline: (text: string) => void) => {
    if (isRateLimited(error)) setLimitAlert(commandErrorText(error));
    else inline(commandErrorText(error));
  }, []);

  // The board draws from the FEN at once; its legal moves (and so any move at all) come with the
  // rules, which load after the first render.
  const rules = useChessRules();
  // The promotion, offer and result dialogs load after the first render too, before any is due.
  const dialogs = useGameDialogs();
  // Our move shows at once; it gives way as soon as the server's state has that ply.
  const pending = pendingRaw && live && pendingRaw.ply === view.ply + 1 ? pendingRaw : null;
  const fen = pending ? pending.fen : view.fen;
  const info = useMemo(() => (rules ? rules.positionInfo(fen) : positionOfFen(fen)), [rules, fen]);
  const myTurn = live && !pending && info.turn === you;
  const dests = myTurn ? info.dests : NO_DESTS;
  const lastUci = pending ? pending.uci : view.moves[view.moves.length - 1];
  const lastMove = useMemo(() => lastMoveOf(lastUci), [lastUci]);
  const { clock, turn } = view;
  const { clockAt } = game;
  const reading = useMemo(() => clockReading(clock, turn, clockAt), [clock, turn, clockAt]);

  const send = useCallback(
    (move: ParsedMove) => {
      const ply = view.ply + 1;
      const next = rules?.fenAfterMove(view.fen, move.uci);
      if (next) setPending({ ply, uci: move.uci, fen: next });
      setMoveError(null);
      commands.move(ply, move.uci).then(
        () => setPending(null),
        (error: unknown) => {
          setPending(null);
          failed(error, setMoveError);
        },
      );
    },
    [commands, view.ply, view.fen, failed, rules],
  );

  const onBoardMove = useCallback(
    (from: string, to: string) => {
      const options = rules ? rules.movesBetween(info, from, to) : [];
      if (options.length > 1) setPromotion({ from, to });
      else if (options[0]) send(options[0]);
    },
    [info, send, rules],
  );

  const onTextMove = (text: string): string | null => {
    if (!live) return PLAY_TEXTS.gameOver;
    if (!myTurn) return PLAY_TEXTS.notYourTurn;
    if (!rules) return PLAY_TEXTS.rulesLoading;
    const move = rules.parseMoveText(info, text);
    if (!move) return `Not a legal move: ${text.trim()}`;
    send(move);
    return null;
  };

  const act = (name: string, run: () => Promise<unknown>) => {
    setBusy(name);
    setActionError(null);
    run().then(
      () => setBusy(null),
      (error: unknown) => {
        setBusy(null);
        failed(error, setActionError);
      },
    );
  };

  const controls = controlsState(view, you);
  const offerKey = (kind: string) => `${kind}:${view.ply}`;
  const shownOffer = live ? controls.incoming.find((kind) => !dismissedOffers.includes(offerKey(kind))) : undefined;
  const hiddenOffers = live ? controls.incoming.filter((kind) => dismissedOffers.includes(offerKey(kind))).length : 0;
  const answerOffer = (kind: 'draw' | 'takeback', action: OfferActionName) =>
    act(`${kind}-answer`, () => (kind === 'draw' ? commands.draw(action) : commands.takeback(action)));

  const finished = isFinished(view.status);
  const rematchIncoming = finished && view.offers.rematch === them;

  return (
    <section className="game-screen" aria-label={`Game: ${view.white.username} versus ${view.black.username}`}>
      <div className="game-layout">
        <div className="game-main">
          <PlayersAndBoard
            view={view}
            bottom={you}
            info={info}
            reading={reading}
            live={live}
            dests={dests}
            lastMove={lastMove}
            ownBottom={!muted}
            onMove={onBoardMove}
            busy={live && !rules}
          />
          {/* Until the rules are in, no move can be judged: the box waits rather than refuse one. */}
          {live ? <MoveInput onSubmit={onTextMove} disabled={!rules} /> : null}
          <FormMessage text={moveError} />
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {lastMoveAnnouncement(view.san)}
            {live && myTurn ? '. Your move.' : ''}
          </p>
        </div>
        <div className="game-side">
          <FirstMoveNote game={game} />
          <DisconnectBanner
            game={game}
            claiming={busy === 'claim'}
            onClaim={() => act('claim', () => commands.claimVictory())}
          />
          {live ? (
            <GameControls
              view={view}
              you={you}
              busy={busy}
              onAbort={() => act('abort', onAbort ?? (() => commands.abort()))}
              offers={!vsEngine}
              onResign={() => setConfirmResign(true)}
              onOfferDraw={() => act('draw', () => commands.draw('offer'))}
              onOfferTakeback={() => act('takeback', () => commands.takeback('offer'))}
              pendingRequests={hiddenOffers}
              onShowRequests={() => setDismissedOffers([])}
            />
          ) : (
            <section className="game-controls" aria-label="Game over">
              <p className="game-over-text" role="status">
                {view.statusText ?? 'Game over'}
              </p>
              <div className="game-controls-row">
                <Button variant="secondary" onClick={() => setResultClosed(false)}>
                  Show result
                  {rematchIncoming && resultClosed ? (
                    <>
                      {' '}
                      <span className="badge" aria-hidden="true">
                        1
                      </span>
                      <span className="visually-hidden">(1 pending)</span>
                    </>
                  ) : null}
                </Button>
                {onDone ? (
                  <Button variant="ghost" onClick={onDone}>
                    Done
                  </Button>
                ) : null}
              </div>
            </section>
          )}
          <FormMessage text={actionError} />
          {session.me ? (
            <Suspense fallback={null}>
              <GameSoundLayer view={view} muted={muted} />
            </Suspense>
          ) : null}
          {vsEngine ? null : <ReportOpponentButton game={view} />}
          <PrizePool stake={view.stake} note={prizeNote} />
          <MoveList san={view.san} />
          {vsEngine ? null : (
            <ChatPanel title="Chat" lines={view.chat} onSend={(text) => commands.chat(text)} className="player-chat" />
          )}
        </div>
      </div>

      {promotion && dialogs ? (
        <dialogs.PromotionDialog
          color={you}
          onCancel={() => setPromotion(null)}
          onChoose={(kind) => {
            const choice = rules?.movesBetween(info, promotion.from, promotion.to).find((m) => m.promotion === kind);
            setPromotion(null);
            if (choice) send(choice);
          }}
        />
      ) : null}
      {shownOffer && !promotion && dialogs ? (
        <dialogs.OfferDialog
          kind={shownOffer}
          busy={busy === `${shownOffer}-answer`}
          error={null}
          onAnswer={(action) => answerOffer(shownOffer, action)}
          onClose={() => setDismissedOffers((list) => [...list, offerKey(shownOffer)])}
        />
      ) : null}
      <RateLimitAlert text={limitAlert} onClose={() => setLimitAlert(null)} />
      {confirmResign && live ? (
        <ConfirmDialog
          title="Resign"
          message="Are you sure you want to resign this game?"
          confirmLabel="Resign"
          onCancel={() => setConfirmResign(false)}
          onConfirm={() => {
            setConfirmResign(false);
            act('resign', () => commands.resign());
          }}
        />
      ) : null}
      {finished && !resultClosed && dialogs ? (
        <dialogs.ResultDialog
          view={view}
          onClose={() => setResultClosed(true)}
          rematchBusy={busy === 'rematch'}
          error={actionError}
          onRematch={(action) => act('rematch', () => commands.rematch(action))}
          actions={finishActions}
        />
      ) : null}
    </section>
  );
}
