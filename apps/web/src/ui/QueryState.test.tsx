import { describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { TEXTS } from '@rush/domain';
import '../test/render.tsx';
import { ApiError } from '../api/http.ts';
import { QueryState, type QueryStatus } from './QueryState.tsx';

const status = (change: Partial<QueryStatus<string>> = {}): QueryStatus<string> => ({
  data: undefined,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...change,
});

const show = (data: string) => <p>Data: {data}</p>;

describe('QueryState: the one loading / failure / Try again block', () => {
  test('while the read is out: the loading line as a polite status, nothing else', () => {
    render(
      <QueryState query={status()} loading="Loading transactions…" subject="transactions">
        {show}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading transactions…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('once answered: the page with the data', () => {
    render(
      <QueryState query={status({ data: 'ok' })} loading="Loading…" subject="it">
        {show}
      </QueryState>,
    );
    expect(screen.getByText('Data: ok')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('failed: the server message as an alert, and Try again reads again', () => {
    const refetch = vi.fn();
    render(
      <QueryState
        query={status({ isError: true, error: new ApiError(503, 'INTERNAL', 'Server is busy'), refetch })}
        loading="Loading…"
        subject="the wallet"
      >
        {show}
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe('Server is busy');
    // WCAG label in name: the accessible name starts with the visible words, then says what.
    const button = screen.getByRole('button', { name: 'Try again: the wallet' });
    expect(button.textContent?.startsWith('Try again')).toBe(true);
    fireEvent.click(button);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  test('a failure wins over older data; an unknown error reads as the internal text', () => {
    render(
      <QueryState query={status({ data: 'old', isError: true, error: new Error('x') })} loading="…" subject="it">
        {show}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toContain(TEXTS.internal);
    expect(screen.queryByText('Data: old')).toBeNull();
  });

  test('its own wording of the failure, and no Try again where reading again cannot help', () => {
    render(
      <QueryState
        query={status({ isError: true, error: new Error('gone') })}
        loading="…"
        subject="the game"
        describe={() => 'The game does not exist.'}
        retry={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The game does not exist.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('without children it shows only the waiting and failing (the page renders the rest itself)', () => {
    const { container } = render(<QueryState query={status({ data: 'ok' })} loading="…" subject="it" />);
    expect(container.innerHTML).toBe('');
  });

  test('with a real query: loading, then failure, then Try again loads it', async () => {
    let calls = 0;
    function Reader() {
      const query = useQuery({
        queryKey: ['query-state-test'],
        queryFn: () => {
          calls += 1;
          if (calls === 1) throw new ApiError(500, 'INTERNAL', 'Broken');
          return Promise.resolve('fresh');
        },
        retry: false,
      });
      return (
        <QueryState query={query} loading="Loading the thing…" subject="the thing">
          {show}
        </QueryState>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Reader />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the thing…');
    fireEvent.click(await screen.findByRole('button', { name: /^Try again/ }));
    await waitFor(() => expect(screen.getByText('Data: fresh')).toBeTruthy());
  });
});
