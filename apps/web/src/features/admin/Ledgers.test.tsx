import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { compact } from './sections/AuditSection.tsx';
import { startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const tx = (n: number) => ({
  id: `t${n}`,
  uid: 'u2',
  username: 'bob',
  type: 'admin_deposit',
  amount: 1000 + n,
  currency: 'usd',
  status: 'completed',
  completed: true,
  notes: { result: 'Admin Deposit' },
  source: null,
  destination: 'bob',
  date: '2025-03-04T10:20:00.000Z',
});
const entry = {
  id: 'a1',
  at: '2025-03-04T10:20:00.000Z',
  admin: { uid: 'admin1', username: 'root' },
  action: 'ban',
  target: 'u2',
  before: { banned: false },
  after: { banned: true, reason: 'x'.repeat(300) },
};

describe('transactions (SPEC 2)', () => {
  test('20 a page, filters by uid, type and currency in the query', async () => {
    const { requested } = startAdmin('/admin#transactions', {
      'GET /api/admin/transactions': () => {
        const page = Number(
          new URLSearchParams(requested('GET /api/admin/transactions').at(-1)!.split('?')[1]).get('page'),
        );
        return { body: { total: 45, page, pageSize: 20, transactions: [tx(page)] } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('$10.01')).toBeTruthy();
    expect(within(table).getByText('Admin Deposit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('$10.03')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Transaction filters' });
    fireEvent.change(within(form).getByLabelText('User uid'), { target: { value: ' u2 ' } });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'withdraw' } });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'usd' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('$10.01')).toBeTruthy();
    expect(requested('GET /api/admin/transactions')).toEqual([
      'GET /api/admin/transactions?page=1',
      'GET /api/admin/transactions?page=3',
      'GET /api/admin/transactions?page=1&uid=u2&type=withdraw&currency=usd',
    ]);
  });

  test("none: SPEC's empty text", async () => {
    startAdmin('/admin#transactions');
    expect(await screen.findByText('There is no transactions.')).toBeTruthy();
  });
});

describe('audit log (issue 12)', () => {
  test('entries with before/after shown compactly; filters in the query', async () => {
    const { requested } = startAdmin('/admin#audit', {
      'GET /api/admin/audit': () => ({ body: { total: 1, page: 1, pageSize: 50, entries: [entry] } }),
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('root')).toBeTruthy();
    expect(within(table).getByText('{"banned":false}')).toBeTruthy();
    const after = within(table).getByText(/^\{"banned":true/);
    expect(after.textContent).toBe(`after ${compact(entry.after)}`);
    expect(compact(entry.after)).toHaveLength(120);
    expect(after.getAttribute('title')).toBe(JSON.stringify(entry.after));
    const form = screen.getByRole('form', { name: 'Audit filters' });
    fireEvent.change(within(form).getByLabelText('Action'), { target: { value: 'ban' } });
    fireEvent.change(within(form).getByLabelText('Admin uid'), { target: { value: 'admin1' } });
    fireEvent.change(within(form).getByLabelText('Target'), { target: { value: 'u2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: 'Audit log' });
    expect(requested('GET /api/admin/audit').at(-1)).toBe(
      'GET /api/admin/audit?page=1&action=ban&admin=admin1&target=u2',
    );
  });

  test('compact cuts long values and shows - for none', () => {
    expect(compact(null)).toBe('-');
    expect(compact('short')).toBe('short');
    expect(compact({ a: 'y'.repeat(200) })).toHaveLength(120);
  });

  test('none: the empty text', async () => {
    startAdmin('/admin#audit');
    expect(await screen.findByText('No audit entries.')).toBeTruthy();
  });
});
