import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolation } from './module-boundaries.js';

const src = (p) => path.join('/repo/apps/server/src', ...p.split('/'));

describe('server layer boundaries (ARCHITECTURE.md)', () => {
  it.each([
    ['platform/http/server.ts', 'platform/db/database.ts', true],
    ['platform/http/server.ts', 'config.ts', true],
    ['platform/http/server.ts', 'modules/wallet/index.ts', false],
    ['platform/db/schema.ts', 'modules/accounts/schema.ts', false],
    ['platform/http/server.ts', 'app.ts', false],
    ['platform/config/dots.ts', 'modules/wallet/index.ts', false],
    ['platform/config/lichess.ts', 'platform/crypto/secret-cipher.ts', true],
    ['config.ts', 'platform/config/dots.ts', true],
    ['config.ts', 'modules/wallet/index.ts', false],
    ['config.ts', 'modules/lichess/settings.ts', false],
    ['config.ts', 'app.ts', false],
    ['modules/social/friends.service.ts', 'modules/social/friends.store.ts', true],
    ['modules/puzzles/battle/battle.service.ts', 'modules/puzzles/catalog.ts', true],
    ['modules/social/friends.service.ts', 'modules/accounts/index.ts', true],
    ['modules/social/friends.store.ts', 'modules/accounts/schema.ts', false],
    ['modules/social/friends.store.ts', 'modules/social/schema.ts', true],
    ['modules/social/schema.ts', 'modules/accounts/schema.ts', true],
    ['modules/puzzles/battle/schema.ts', 'modules/accounts/schema.ts', false],
    ['modules/social/schema.ts', 'modules/accounts/store.ts', false],
    ['app.ts', 'modules/accounts/schema.ts', false],
    ['cli/puzzles-import.ts', 'modules/puzzles/schema.ts', false],
    ['modules/social/friends.service.ts', 'modules/accounts/me.ts', false],
    ['modules/puzzles/battle/battle.service.ts', 'modules/wallet/ledger.store.ts', false],
    ['modules/matchmaking/queue.service.ts', 'platform/errors.ts', true],
    ['app.ts', 'modules/wallet/module.ts', false],
    ['app.ts', 'modules/wallet/index.ts', true],
    ['modules/index.ts', 'modules/wallet/index.ts', true],
  ])('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(boundaryViolation(src(from), src(to)) === null).toBe(allowed);
  });

  it('says what to import instead', () => {
    expect(boundaryViolation(src('modules/play/a.ts'), src('modules/accounts/me.ts'))).toContain("'accounts/index.ts'");
  });

  it('ignores files outside the server source', () => {
    expect(boundaryViolation('/repo/apps/web/src/a.ts', src('modules/accounts/me.ts'))).toBeNull();
  });
});
