import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLAY_TEXTS } from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useOverlayLink } from '../../ui/overlayFlags.ts';
import { useSession } from '../accounts/session.ts';
import { FriendGameForm } from './FriendGame.tsx';
import { GameScreen } from './GameScreen.tsx';
import { CURRENT_GAME_KEY, useCurrentGame, useLiveGame } from './useLiveGame.ts';
import './play.css';

function NoGame() {
  const { me } = useSession();
  const settings = useOverlayLink('settings');
  return (
    <section className="page match-page" aria-labelledby="match-title">
      <title>Match</title>
      <h1 id="match-title">Match</h1>
      <p className="muted">Matchmaking opens soon. Meanwhile, invite a friend to a game.</p>
      {me && !me.chessUsername ? (
        <p className="notice">
          {PLAY_TEXTS.notLinked} <Link {...settings}>Open Account Settings</Link>
        </p>
      ) : null}
      <FriendGameForm />
    </section>
  );
}

/**
 * SPEC 2 /match: the game view once the user has a game (GET current game), otherwise the
 * honest empty frame with "Play a friend". A game that just finished stays on screen (result,
 * rematch) until the player is done with it.
 */
export function MatchPage() {
  const client = useQueryClient();
  const current = useCurrentGame();
  const [shown, setShown] = useState<string | null>(null);
  const currentId = current.data ?? null;
  if (currentId !== null && currentId !== shown) setShown(currentId);
  const gameId = currentId ?? shown;
  const game = useLiveGame(gameId);

  if (current.isPending) {
    return (
      <p className="page" role="status">
        Loading…
      </p>
    );
  }
  if (current.isError && gameId === null) {
    return (
      <section className="page" role="alert">
        <p>{errorText(current.error)}</p>
        <Button onClick={() => void current.refetch()}>Try again</Button>
      </section>
    );
  }
  if (gameId === null) return <NoGame />;
  if (game.isError) {
    return (
      <section className="page" role="alert">
        <p>{errorText(game.error)}</p>
        <Button onClick={() => void game.refetch()}>Try again</Button>
      </section>
    );
  }
  if (!game.data) {
    return (
      <p className="page" role="status">
        Loading the game…
      </p>
    );
  }
  return (
    <>
      <title>{`Match: ${game.data.view.white.username} vs ${game.data.view.black.username}`}</title>
      <GameScreen
        key={game.data.view.id}
        game={game.data}
        onDone={() => {
          client.setQueryData(CURRENT_GAME_KEY, null);
          setShown(null);
          void client.invalidateQueries({ queryKey: CURRENT_GAME_KEY });
        }}
      />
    </>
  );
}
