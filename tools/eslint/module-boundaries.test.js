import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolation, toolBoundaryViolation, webBoundaryViolation, workspaceOf } from './module-boundaries.js';

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
    ['modules/wallet/responsible-gaming.schema.ts', 'modules/accounts/schema.ts', true],
    ['modules/wallet/limits.store.ts', 'modules/accounts/responsible-gaming.schema.ts', false],
    ['modules/wallet/x/y.schema.ts', 'modules/accounts/schema.ts', false],
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

const web = (p) => path.join('/repo/apps/web/src', ...p.split('/'));

describe('web layer boundaries (ARCHITECTURE.md)', () => {
  it.each([
    // a feature reaches another only through its entry file
    ['features/spectate/SpectatePage.tsx', 'features/play/index.ts', true],
    ['features/spectate/SpectatePage.tsx', 'features/play/GameScreen.tsx', false],
    ['features/spectate/SpectatePage.tsx', 'features/play/play.css', false],
    ['features/puzzles/battle/BattleGame.tsx', 'features/play/index.ts', true],
    ['features/puzzles/battle/BattleGame.tsx', 'features/puzzles/usePuzzleBoard.ts', true],
    ['features/accounts/settings/GamingPane.tsx', 'features/wallet/queries.ts', false],
    ['features/matchmaking/StartPage.tsx', 'features/bots/botWizard.ts', false],
    ['features/matchmaking/StartPage.tsx', 'features/bots/index.ts', true],
    // tests: entry files, test helpers (testing.ts(x)) and the app's providers
    ['features/bots/BotMatchPage.test.tsx', 'features/matchmaking/testing.tsx', true],
    ['features/puzzles/battle/testing.tsx', 'features/matchmaking/testing.tsx', true],
    ['features/reports/ReportPlayerDialog.test.tsx', 'features/play/GameScreen.tsx', false],
    ['features/reports/ReportPlayerDialog.test.tsx', 'features/spectate/index.ts', true],
    ['features/matchmaking/StartPage.tsx', 'features/wallet/testing.ts', false],
    ['features/play/testing.tsx', 'app/providers.tsx', true],
    ['api/retry.test.ts', 'app/providers.tsx', true],
    // layers: api/ < ui/ < features/ < app/
    ['features/play/useChessRules.ts', 'app/loadOnce.ts', false],
    ['ui/SandboxMark.tsx', 'features/accounts/session.ts', false],
    ['ui/SandboxMark.tsx', 'api/session.ts', true],
    ['ui/board/Board.test.tsx', 'features/play/testing.tsx', false],
    ['api/schemaLoader.ts', 'app/chunkReload.ts', false],
    ['api/http.ts', 'ui/Button.tsx', false],
    ['features/play/GameScreen.tsx', 'ui/board/Board.tsx', true],
    ['app/routes.tsx', 'features/play/MatchPage.tsx', true],
    ['app/Header.tsx', 'features/social/index.ts', true],
    ['main.tsx', 'app/providers.tsx', true],
  ])('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(boundaryViolation(web(from), web(to)) === null).toBe(allowed);
  });

  it('says what to import instead', () => {
    expect(webBoundaryViolation(web('features/a/x.ts'), web('features/play/GameScreen.tsx'))).toContain(
      "'play/index.ts'",
    );
    expect(webBoundaryViolation(web('ui/x.ts'), web('features/play/index.ts'))).toContain('api/ < ui/');
  });

  it('leaves the server alone', () => {
    expect(webBoundaryViolation(src('modules/play/a.ts'), src('modules/accounts/me.ts'))).toBeNull();
  });
});

describe('bench, deploy and @rush/load (issue 34)', () => {
  const at = (p) => path.join('/repo', ...p.split('/'));
  it.each([
    ['bench/src/cluster-load.ts', 'packages/load/index.ts', true],
    ['bench/src/cluster-load.ts', 'packages/load/src/cluster/cluster.ts', true],
    ['bench/src/cluster-load.ts', 'bench/src/support/stats.ts', true],
    ['bench/src/cluster-load.ts', 'deploy/cluster/cluster.ts', false],
    ['bench/src/run.ts', 'deploy/index.ts', false],
    ['bench/src/run.ts', 'e2e/support/cluster.ts', false],
    ['deploy/faults/suite.ts', 'packages/load/index.ts', true],
    ['deploy/faults/suite.ts', 'deploy/faults/checks.ts', true],
    ['deploy/faults/suite.ts', 'bench/src/support/stats.ts', false],
    ['deploy/cluster/cli.ts', 'bench/index.ts', false],
    ['packages/load/src/index.ts', 'deploy/faults/suite.ts', false],
    ['packages/load/src/index.ts', 'bench/src/run.ts', false],
    ['packages/load/src/index.ts', 'packages/domain/index.ts', true],
    ['packages/load/src/seed-players.ts', 'apps/server/src/modules/accounts/index.ts', true],
    ['packages/load/src/seed-players.ts', 'apps/server/src/modules/accounts/sessions.ts', false],
    ['bench/src/servers/play-server.ts', 'apps/server/src/modules/play/games.store.ts', false],
    ['deploy/faults/checks.ts', 'apps/server/src/platform/db/database.ts', true],
    ['e2e/support/cluster.ts', 'deploy/faults/suite.ts', true],
    ['apps/server/src/app.ts', 'bench/src/run.ts', true],
  ])('%s -> %s allowed: %s', (from, to, allowed) => {
    expect(toolBoundaryViolation(at(from), at(to), '/repo') === null).toBe(allowed);
  });

  it('says where shared helpers go', () => {
    expect(toolBoundaryViolation(at('bench/src/a.ts'), at('deploy/cluster/cluster.ts'), '/repo')).toContain(
      'packages/load',
    );
    expect(workspaceOf(at('packages/load/src/index.ts'), '/repo')).toBe('packages/load');
    expect(workspaceOf('/elsewhere/bench/a.ts', '/repo')).toBeNull();
  });
});
