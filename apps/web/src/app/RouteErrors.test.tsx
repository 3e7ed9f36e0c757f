import { describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import '../test/render.tsx';
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
});
