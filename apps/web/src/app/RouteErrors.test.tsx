import { describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import '../test/render.tsx';
import { CHUNK_RELOAD_KEY, page } from '../api/chunkReload.ts';
import { CrashToServerError } from './RouteErrors.tsx';

function Boom(): never {
  throw new Error('render crash');
}

describe('error boundary', () => {
  test('a render crash sends the user to /500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          children: [
            {
              errorElement: <CrashToServerError />,
              children: [
                { path: 'boom', element: <Boom /> },
                { path: '500', element: <h1>Server error page</h1> },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/boom'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/500'));
    expect(await screen.findByRole('heading', { name: 'Server error page' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  test('a page whose code is gone after a deploy reloads once; a second failure goes to /500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    const gone = () =>
      createMemoryRouter(
        [
          {
            element: <Outlet />,
            children: [
              {
                errorElement: <CrashToServerError />,
                children: [
                  {
                    path: 'wallet',
                    lazy: () =>
                      Promise.reject(
                        new Error('Failed to fetch dynamically imported module: /assets/WalletPage-old.js'),
                      ),
                  },
                  { path: '500', element: <h1>Server error page</h1> },
                ],
              },
            ],
          },
        ],
        { initialEntries: ['/wallet'] },
      );
    const first = gone();
    const { unmount } = render(<RouterProvider router={first} />);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(first.state.location.pathname).toBe('/wallet');
    unmount();

    // The reloaded page meets the same failure within the minute: the error page, no loop.
    const second = gone();
    render(<RouterProvider router={second} />);
    await waitFor(() => expect(second.state.location.pathname).toBe('/500'));
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    vi.restoreAllMocks();
  });
});
