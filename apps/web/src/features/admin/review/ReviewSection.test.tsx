import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewFindingView } from '@rush/protocol';
import { sectionHeading, startAdmin } from '../testing.tsx';
import { NOTE_NEEDED } from './FindingCard.tsx';

vi.setConfig({ testTimeout: 30_000 });

const burst: ReviewFindingView = {
  uid: 'u2',
  username: 'bob',
  kind: 'pattern',
  key: 'deposits:s1',
  title: 'Deposit after deposit',
  summary: '3 deposits within 24 hours, $170.00 in all',
  level: null,
  from: '2026-11-01T08:00:00.000Z',
  to: '2026-11-01T20:15:00.000Z',
  evidence: [
    { label: 'Deposit', id: 's1', amount: 5000, currency: 'usd', at: '2026-11-01T08:00:00.000Z' },
    { label: 'Deposit', id: 's2', amount: 2000, currency: 'usd', at: '2026-11-01T09:30:00.000Z' },
    { label: 'Deposit', id: 's3', amount: 10000, currency: 'usd', at: '2026-11-01T20:15:00.000Z' },
  ],
  lastAction: null,
};
const excluded: ReviewFindingView = {
  uid: 'u3',
  username: 'carol',
  kind: 'exclusion',
  key: 'exclusion',
  title: 'Self-exclusion',
  summary: 'Self-excluded: the account is closed for good',
  level: null,
  from: null,
  to: null,
  evidence: [],
  lastAction: {
    action: 'contacted',
    note: 'Sent the help line',
    admin: { uid: 'admin1', username: 'root' },
    at: '2026-11-02T10:00:00.000Z',
  },
};
const page = (findings: ReviewFindingView[]) => ({ body: { total: findings.length, page: 1, pageSize: 50, findings } });

describe('responsible-gaming review (issue 37)', () => {
  test('lists each finding with its evidence and last action; the kind filter asks again; the CSV link follows it', async () => {
    const { requested } = startAdmin('/admin#responsible-gaming', {
      'GET /api/admin/responsible-gaming': (call) =>
        page(call.query.get('kind') === 'exclusion' ? [excluded] : [burst, excluded]),
    });
    expect(await sectionHeading('Responsible gaming')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Responsible gaming' })).toBeTruthy();
    const card = await screen.findByRole('listitem', { name: 'Deposit after deposit: bob' });
    expect(within(card).getByText('3 deposits within 24 hours, $170.00 in all')).toBeTruthy();
    const evidence = within(card).getByRole('list', { name: 'Evidence of Deposit after deposit of bob' });
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(3);
    expect(evidence.textContent).toContain('$50.00');
    expect(evidence.textContent).toContain('s2');
    expect(within(card).getByText('No action yet.')).toBeTruthy();
    const other = screen.getByRole('listitem', { name: 'Self-exclusion: carol' });
    expect(within(other).getByText(/^Last action: Contacted the player by root, .*: Sent the help line$/)).toBeTruthy();

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/responsible-gaming/export.csv');
    expect(csv.hasAttribute('download')).toBe(true);

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'exclusion' } });
    await waitFor(() =>
      expect(requested('GET /api/admin/responsible-gaming')).toContain(
        'GET /api/admin/responsible-gaming?kind=exclusion&page=1',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Deposit after deposit: bob' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/responsible-gaming/export.csv?kind=exclusion',
    );
    // One player's findings: the uid goes with the list and the CSV.
    fireEvent.change(screen.getByLabelText('Player uid'), { target: { value: ' u3 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(requested('GET /api/admin/responsible-gaming')).toContain(
        'GET /api/admin/responsible-gaming?kind=exclusion&uid=u3&page=1',
      ),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/responsible-gaming/export.csv?kind=exclusion&uid=u3',
    );
  });

  test('an action needs a note, is sent with the finding, and the list reads again', async () => {
    const { api, requested } = startAdmin('/admin#responsible-gaming', {
      'GET /api/admin/responsible-gaming': () => page([burst]),
      'POST /api/admin/responsible-gaming/u2/actions': () => ({ body: { finding: burst } }),
    });
    const card = await screen.findByRole('listitem', { name: 'Deposit after deposit: bob' });
    const record = within(card).getByRole('button', { name: 'Record action on Deposit after deposit of bob' });
    fireEvent.click(record);
    expect(await within(card).findByText(NOTE_NEEDED)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/responsible-gaming/u2/actions')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Action'), { target: { value: 'contacted' } });
    fireEvent.change(within(card).getByLabelText('Note'), { target: { value: '  Phoned, all fine  ' } });
    const reads = requested('GET /api/admin/responsible-gaming').length;
    fireEvent.click(record);
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/responsible-gaming/u2/actions')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/responsible-gaming/u2/actions')[0]!.body).toEqual({
      finding: 'deposits:s1',
      action: 'contacted',
      note: 'Phoned, all fine',
    });
    expect(await within(card).findByText('Recorded in the audit log.')).toBeTruthy();
    await waitFor(() => expect(requested('GET /api/admin/responsible-gaming').length).toBeGreaterThan(reads));
  });

  test('empty, and a failed read with Try again', async () => {
    let fail = true;
    startAdmin('/admin#responsible-gaming', {
      'GET /api/admin/responsible-gaming': () =>
        fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } } : page([]),
    });
    const retry = await screen.findByRole('button', { name: /^Try again/ });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Nothing to review.')).toBeTruthy();
  });
});
