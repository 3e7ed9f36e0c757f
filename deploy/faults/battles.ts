import { PUZZLE_ROUTES } from '@rush/protocol';
import { sleep } from '@rush/load';
import type { SimPlayer } from './sim-player.ts';
import type { Tally } from './tally.ts';

/** A public pool lobby staking 50 RushCoins a seat: an escrow `lobby:{id}` that every join adds to. */
const SETTINGS = {
  difficulty: 'normal',
  theme: 'healthyMix',
  time: 60_000,
  privacy: 'public',
  maxParticipants: 4,
  prizeMode: 'pool',
  stakesCurrency: 'wbx',
  stakesAmount: 50,
};

/**
 * Battle lobbies as people use them before a start: the owner creates one (its stake held), the
 * guests join (theirs held) and leave (theirs released), then the owner leaves, which cancels the
 * lobby and refunds what is left, closing the escrow once. Every step read back from its answer;
 * a step sent again after a lost answer finds it done (a 4xx), which is fine. Until told to stop.
 */
export async function runLobbies(owner: SimPlayer, guests: SimPlayer[], tally: Tally, stopping: () => boolean) {
  while (!stopping()) {
    const created = await owner.http('POST', PUZZLE_ROUTES.lobbies, { settings: SETTINGS });
    if (created.status !== 200) {
      tally.note(`lobby create answered ${created.status}: ${JSON.stringify(created.body)}`);
      await sleep(1_000);
      continue;
    }
    const { id } = (created.body as { lobby: { id: string } }).lobby;
    tally.count('lobbies');
    for (const g of guests) {
      const joined = await g.http('POST', PUZZLE_ROUTES.join(id), {});
      if (joined.status === 200) tally.count('battleJoins');
      else tally.note(`battle join answered ${joined.status}: ${JSON.stringify(joined.body)}`);
      await sleep(100 + Math.random() * 300);
    }
    for (const g of guests) {
      await g.http('POST', PUZZLE_ROUTES.leave(id), {});
      await sleep(100 + Math.random() * 300);
    }
    const left = await owner.http('POST', PUZZLE_ROUTES.leave(id), {});
    if (left.status !== 200) tally.note(`lobby owner's leave answered ${left.status}: ${JSON.stringify(left.body)}`);
    await sleep(300 + Math.random() * 700);
  }
}
