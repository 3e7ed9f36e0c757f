import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/http.ts';
import { storeMatchmaking, useMatchStart } from '../matchmaking/index.ts';
import { locateDevice } from '../wallet/index.ts';
import { joinMatch } from './api.ts';

/**
 * Join of a matchmaking search on the landing (SPEC 7 joinMatchmakingLobby {uid}), with the
 * matchmaking rules of useMatchStart (3 s guard, pause, refusals with the server's SPEC 8 text,
 * /login when signed out). The activity does not say the search's currency, so the browser's
 * location is only asked for when the server says a USD search needs it (refusal `location`),
 * and the join is then sent once more with it.
 */
export function useJoin(onJoined: () => void) {
  const client = useQueryClient();
  const start = useMatchStart();
  const run = (uid: string) =>
    start.run(
      'wbx',
      async () => {
        try {
          return await joinMatch(uid, undefined);
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'MATCH_REFUSED' || error.fields.reason !== 'location') {
            throw error;
          }
          return joinMatch(uid, await locateDevice());
        }
      },
      ({ matchmaking }) => {
        storeMatchmaking(client, matchmaking);
        onJoined();
      },
    );
  return { busy: start.busy, refusal: start.refusal, run };
}
