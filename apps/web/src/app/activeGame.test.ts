import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeGameTarget, MATCH_PATH } from './activeGame.ts';

const SOLO = '/puzzle-game/solo-rush';
const LOBBY = '/puzzle-game/battle?lobby=L1';

describe('activeGameTarget (SPEC 2 redirects)', () => {
  it.each([
    // pathname, matchmaking active, puzzle route -> target
    ['/', false, null, null],
    ['/wallet', true, null, MATCH_PATH],
    ['/tv/g1', true, null, MATCH_PATH],
    [MATCH_PATH, true, null, null],
    ['/wallet', false, SOLO, SOLO],
    ['/about', false, LOBBY, LOBBY],
    [SOLO, false, SOLO, null],
    ['/puzzle-game/battle', false, LOBBY, null], // the battle page takes the user into the lobby itself
    ['/puzzle-game/casual', false, SOLO, SOLO],
    // both: matchmaking wins, and /match keeps the user
    ['/wallet', true, SOLO, MATCH_PATH],
    [MATCH_PATH, true, SOLO, null],
  ] as const)('%s (matchmaking %s, puzzle %s) -> %s', (pathname, active, route, target) => {
    expect(activeGameTarget(pathname, active, route)).toBe(target);
  });

  it('property: following the target once lands where no further redirect applies', () => {
    const paths = fc.constantFrom(
      '/',
      '/wallet',
      MATCH_PATH,
      SOLO,
      '/puzzle-game/battle',
      '/puzzle-game/casual',
      '/about',
    );
    const routes = fc.constantFrom(null, SOLO, LOBBY, '/puzzle-game/casual');
    fc.assert(
      fc.property(paths, fc.boolean(), routes, (pathname, active, route) => {
        const target = activeGameTarget(pathname, active, route);
        if (target === null) return;
        const landed = new URL(target, 'http://x').pathname;
        expect(activeGameTarget(landed, active, route)).toBeNull();
      }),
    );
  });
});
