import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../../api/session.ts';
import { fetchActivePuzzle } from '../api.ts';
import { BATTLE_KEYS } from './api.ts';
import { BattleSettingsForm } from './BattleSettingsForm.tsx';
import { LobbyList } from './LobbyList.tsx';
import { LobbyScreen } from './LobbyScreen.tsx';
import { OwnerLookup } from './OwnerLookup.tsx';
import { joinLinkPath, lobbyPath, readBattleQuery } from './query.ts';
import './battle.css';

/**
 * /puzzle-game/battle: the lobby list, the settings (battleStep=2) or, with `?lobby={id}` (or SPEC
 * 2's `?owner={uid}`), the lobby itself; a join link's `?code=` fills the private-lobby modal. A user already in a battle is taken to it (SPEC 2: an active puzzle game forces
 * its route).
 */
export function BattlePage() {
  const location = useLocation();
  const { me } = useSession();
  const query = readBattleQuery(location.search);
  const active = useQuery({
    queryKey: BATTLE_KEYS.active,
    queryFn: fetchActivePuzzle,
    enabled: !query.lobby && !query.owner,
    staleTime: 0,
    retry: false,
  });
  if (!me) return null;
  const battle = active.data?.active;
  if (!query.lobby && battle?.mode === 'battle') return <Navigate to={lobbyPath(battle.id)} replace />;
  if (query.lobby) return <LobbyScreen key={query.lobby} id={query.lobby} meUid={me.uid} />;
  if (query.owner) return <OwnerLookup key={query.owner} owner={query.owner} />;
  // A join link without the modal's flag opens the modal with its code.
  if (query.codeWithoutModal !== null) return <Navigate to={joinLinkPath(query.codeWithoutModal)} replace />;
  if (query.step === 2) return <BattleSettingsForm />;
  return <LobbyList />;
}
