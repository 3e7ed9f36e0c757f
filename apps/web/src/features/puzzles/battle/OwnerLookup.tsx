import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchLobbyByOwner } from './api.ts';
import { failureText } from './errors.ts';
import type { ListNotice } from './LobbyList.tsx';
import { storeLobby } from './queries.ts';
import { BATTLE_PATH, lobbyPath } from './query.ts';

/**
 * SPEC 2 `?owner={uid}`: the lobby named by its owner. Looked up once, then the page moves to
 * the lobby by its id (`?lobby=`), or back to the list saying why it cannot be seen.
 */
export function OwnerLookup({ owner }: { owner: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let live = true;
    fetchLobbyByOwner(owner).then(
      (view) => {
        if (!live) return;
        storeLobby(client, view);
        void navigate(lobbyPath(view.id), { replace: true });
      },
      (err: unknown) => {
        if (live)
          void navigate(BATTLE_PATH, { replace: true, state: { notice: failureText(err) } satisfies ListNotice });
      },
    );
    return () => {
      live = false;
    };
  }, [owner, client, navigate]);
  return (
    <p className="query-loading" role="status">
      Finding the lobby…
    </p>
  );
}
