import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/modules/play/games.store.ts';
import { LiveGames } from '../../src/modules/play/live-games.ts';

const g = (id: string, over: Partial<GameRecord> = {}) =>
  ({ id, status: 'started', version: 1, ...over }) as GameRecord;

describe('LiveGames: the state an instance keeps of the games it referees', () => {
  it('keeps a live game, forgets it on request and when it is over', () => {
    const live = new LiveGames();
    live.keep(g('a'));
    expect(live.get('a')?.version).toBe(1);
    live.keep(g('a', { version: 2 }));
    expect(live.get('a')?.version).toBe(2);
    live.forget('a');
    expect(live.get('a')).toBeUndefined();
    live.keep(g('b'));
    live.keep(g('b', { status: 'mate', version: 3 }));
    expect(live.get('b')).toBeUndefined();
    expect(live.size).toBe(0);
  });

  it('holds at most its bound, forgetting the least recently kept game first', () => {
    const live = new LiveGames(2);
    live.keep(g('a'));
    live.keep(g('b'));
    live.keep(g('a', { version: 2 })); // a is now the most recent
    live.keep(g('c'));
    expect([live.get('a')?.id, live.get('b')?.id, live.get('c')?.id]).toEqual(['a', undefined, 'c']);
    expect(live.size).toBe(2);
  });

  it('a game whose kept state missed (changed elsewhere) is not kept again while it lasts', () => {
    const live = new LiveGames();
    live.keep(g('a'));
    live.missed('a');
    expect(live.get('a')).toBeUndefined();
    live.keep(g('a', { version: 5 }));
    expect(live.get('a')).toBeUndefined();
    // over: forgotten entirely, so the bound is not spent on it
    live.keep(g('a', { status: 'resign' }));
    live.keep(g('a', { version: 7 }));
    expect(live.get('a')?.version).toBe(7);
  });
});
