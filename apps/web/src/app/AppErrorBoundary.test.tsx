import { describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../test/render.tsx';
import { fakeRealtime } from '../test/fakes.ts';
import { AppProviders, createQueryClient } from './providers.tsx';

function Boom(): never {
  throw new Error('crash outside any route');
}

describe('top-level error boundary', () => {
  test('a crash outside the router still leaves a page with a way out, never a blank one', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(
      <AppProviders queryClient={createQueryClient()} realtime={fakeRealtime().client}>
        <Boom />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reload the page' }).getAttribute('href')).toBe('/');
    expect(container.textContent).not.toBe('');
    expect(logged).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
