import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe('Logout', () => {
  test.each(['/start?settings', '/leaderboard?settings', '/terms?settings'])(
    'from %s lands on / (a signed-in-only page does not bounce to /login)',
    async (path) => {
      dismissOnboardingForTests();
      const api = mockApi({ me: makeMe(), routes: { 'POST /api/auth/logout': () => ({ body: { ok: true } }) } });
      const app = renderApp(path);
      const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account Settings' })).toBeNull());
      await screen.findByRole('link', { name: 'Login' });
      expect(app.location().pathname).toBe('/');
      expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    },
  );
});
