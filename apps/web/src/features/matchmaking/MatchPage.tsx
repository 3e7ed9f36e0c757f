import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { GIVEAWAY_TEXTS, MATCH_TEXTS } from '@rush/domain';
import { QueryState } from '../../ui/QueryState.tsx';
import { useSession } from '../../api/session.ts';
import { MatchFinishActions } from './MatchFinishActions.tsx';
import { MatchmakingScreen } from './MatchmakingScreen.tsx';
import { useMatchmaking } from './queries.ts';
import { CURRENT_GAME_KEY, GameScreen, useCurrentGame, useLiveGame } from '../play/index.ts';

/**
 * SPEC 2 /match. With a matchmaking record: the match screen (searching, matched, starting, no
 * match, declined, error) or, once its game exists, that game with the matchmaking result
 * actions. Otherwise the user's friendly game (GET current game). With neither, /start.
 * A friendly game that just finished stays on screen (result, rematch) until the player is done.
 */
export function MatchPage() {
  const client = useQueryClient();
  const { me } = useSession();
  const matchmaking = useMatchmaking(me);
  const current = useCurrentGame();
  const [shown, setShown] = useState<string | null>(null);
  const entry = matchmaking.data ?? null;
  const state = entry?.record.state;
  const matchGameId = (state === 'playing' || state === 'finished') && entry ? entry.record.gameId : null;
  const currentId = current.data ?? null;
  if (currentId !== null && currentId !== shown) setShown(currentId);
  const gameId = entry ? matchGameId : (currentId ?? shown);
  const game = useLiveGame(gameId);

  // Both reads first; then only the friendly-game read can fail the page (a record is enough).
  const waiting = matchmaking.isLoading || current.isPending;
  if (waiting || (!entry && current.isError && gameId === null)) {
    const status = { data: undefined, isError: !waiting, error: current.error, refetch: current.refetch };
    return <QueryState query={status} loading="Loading…" subject="your game" className="page" />;
  }
  if (entry && !matchGameId) return <MatchmakingScreen entry={entry} />;
  // SPEC 2: no matchmaking record (and no friendly game) sends the user to /start.
  if (gameId === null) return <Navigate to="/start" replace />;
  if (game.isError || !game.data) {
    return <QueryState query={game} loading="Loading the game…" subject="the game" className="page" />;
  }
  // A game against the bot is played on its own screen (stake, difficulty, abortBotGame).
  if (!entry && game.data.view.engine !== null) return <Navigate to="/bot-match" replace />;
  const players = `${game.data.view.white.username} vs ${game.data.view.black.username}`;
  // SPEC 3 isGiveawayMode: whose money the prize is (the other player staked nothing).
  const record = entry?.record;
  const funder = record?.isGiveawayMode ? (record.giveawayBy === record.me.uid ? record.me : record.opponent) : null;
  const prizeNote = record?.isGiveawayMode ? GIVEAWAY_TEXTS.funded(funder?.username ?? 'None') : null;
  return (
    <>
      <title>{`Match: ${players}`}</title>
      {entry?.record.state === 'playing' ? (
        <p className="visually-hidden" role="status">
          {MATCH_TEXTS.matchInProgress}
        </p>
      ) : null}
      <GameScreen
        key={game.data.view.id}
        game={game.data}
        finishActions={entry ? <MatchFinishActions record={entry.record} /> : undefined}
        prizeNote={prizeNote}
        onDone={
          entry
            ? undefined
            : () => {
                client.setQueryData(CURRENT_GAME_KEY, null);
                setShown(null);
                void client.invalidateQueries({ queryKey: CURRENT_GAME_KEY });
              }
        }
      />
    </>
  );
}
