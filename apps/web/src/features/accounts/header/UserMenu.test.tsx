import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeMe } from '../../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';

/** SPEC 2 query flag `showtempmenu`: the URL opens the user menu; closing it takes the flag away. */
describe('user menu by ?showtempmenu', () => {
  test('opens on arrival; Escape closes it and removes the flag', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    const app = renderApp('/about?showtempmenu');
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(screen.getByRole('button', { name: 'User menu' }).getAttribute('aria-expanded')).toBe('true');
    // The entries lead on without the flag.
    expect(screen.getByRole('menuitem', { name: 'History' }).getAttribute('href')).toBe('/about?history');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(app.location().search).toBe('');
    expect(app.location().pathname).toBe('/about');
  });

  test('following an entry leaves the menu closed', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    const app = renderApp('/about?showtempmenu');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));
    await waitFor(() => expect(app.location().search).toBe('?settings'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('without the flag the menu starts closed and opens on its button', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    renderApp('/about');
    const button = await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('menu', { name: 'User menu' })).toBeTruthy();
  });
});
