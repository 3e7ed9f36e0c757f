import { describe, expect, it } from 'vitest';
import { changedJourneys } from './quick.ts';

describe('changedJourneys', () => {
  it('groups changed spec files by the config that runs them, leaving every other file to vitest', () => {
    const journeys = changedJourneys([
      'apps/server/src/main.ts',
      'e2e/tests/play.spec.ts',
      'e2e/support/users.ts',
      'e2e/cluster/cluster.spec.ts',
      'e2e/tests/admin.spec.ts',
      'apps/web/src/App.test.tsx',
    ]);
    expect([...journeys]).toEqual([
      ['e2e/playwright.config.ts', ['tests/play.spec.ts', 'tests/admin.spec.ts']],
      ['e2e/playwright.cluster.config.ts', ['cluster/cluster.spec.ts']],
    ]);
  });

  it('is empty when no journey changed', () => {
    expect(changedJourneys(['README.md', 'e2e/support/users.ts']).size).toBe(0);
  });
});
