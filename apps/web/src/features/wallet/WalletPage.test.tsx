import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAIRPLAY_TEXTS, TEXTS } from '@rush/domain';
import { IDEMPOTENCY_HEADER } from '@rush/protocol';
import { NETWORK_ERROR_TEXT } from '../../api/http.ts';
import { renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { sandboxMarks, textWithoutMarks } from '../../test/sandbox.ts';
import {
  makeSummary,
  makeTransaction,
  mockWalletApi,
  removeGeolocation,
  STUB_GPS,
  stubGeolocation,
} from './testing.ts';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const FUTURE = '2999-01-01T00:00:00.000Z';
const PAST = '2000-01-01T00:00:00.000Z';

afterEach(() => removeGeolocation());

async function openWallet(path = '/wallet') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Wallet', level: 1 });
  return app;
}

const depositDialog = () => screen.findByRole('dialog', { name: 'Deposit' });
const bodyRows = () => screen.getAllByRole('row').slice(1);
/** A deposit preset's button: "Deposit $20", then (in sandbox mode) the Sandbox mark's words. */
const preset = (dollars: number) => new RegExp(`^Deposit \\$${dollars}(?!\\d)`);
const PRESET_NAMES = /^Deposit \$\d+(?!\d)/;

describe('wallet: email not verified (SPEC 4)', () => {
  test('the prompt with Resend email, then the check-your-email text', async () => {
    const api = mockWalletApi({
      me: makeMe({ emailVerified: false }),
      routes: { 'POST /api/auth/resend-verification': () => ({ body: { message: 'sent' } }) },
    });
    await openWallet();
    expect(screen.getByText(TEXTS.onlyVerified)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(TEXTS.checkEmail)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(0);
  });
});

describe('wallet: transactions view (SPEC 2)', () => {
  test('balances, the three actions, and USD and RC amounts in the table', async () => {
    mockWalletApi({
      transactions: [
        makeTransaction(1, { amount: 123456 }),
        makeTransaction(2, { type: 'reward', currency: 'wbx', amount: 50000, status: 'completed' }),
        makeTransaction(3, { type: 'withdraw', amount: 900, status: 'rejected' }),
        makeTransaction(4, { type: 'stake', amount: 500, notes: { result: 'lose' }, status: 'pending' }),
        makeTransaction(5, { amount: 2000, fee: 50 }),
      ],
    });
    await openWallet();
    const balances = await screen.findByText('$50.00');
    expect(textWithoutMarks(balances.closest('dl'))).toContain('1,200.00 RC');
    expect(textWithoutMarks(balances.closest('dl'))).toContain('$25.00');
    for (const name of ['Deposit', 'Deposit/Withdrawals for Canadian Users', 'Withdraw']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Type', 'Amount', 'Status', 'Date']);
    const cells = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => textWithoutMarks(td)),
    );
    expect(cells[0]?.slice(0, 3)).toEqual(['Deposit', '$1,234.56', 'Completed']);
    expect(cells[1]?.slice(0, 3)).toEqual(['Reward', '500.00 RC', 'Completed']);
    expect(cells[2]?.slice(0, 3)).toEqual(['Withdraw', '$9.00', 'Rejected']);
    expect(cells[3]?.slice(0, 3)).toEqual(['Stake (lose)', '$5.00', 'Pending']);
    expect(cells[4]?.[1]).toBe('$20.00 (fee $0.50)');
    // Sandbox mode (the default config): each USD amount is marked, the RushCoins one is not.
    const amountMarks = bodyRows().map((row) => sandboxMarks(within(row).getAllByRole('cell')[1]).length);
    expect(amountMarks).toEqual([1, 0, 1, 1, 2]);
    expect(cells[0]?.[3]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    // The stacked mobile layout labels every cell with its column.
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((td) => td.getAttribute('data-label')),
    ).toEqual(headers);
  });

  test('20 a page with Previous, page numbers and Next', async () => {
    const all = Array.from({ length: 45 }, (_, i) => makeTransaction(i + 1, { amount: (i + 1) * 100 }));
    const api = mockWalletApi({ transactions: all });
    await openWallet();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(bodyRows()).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Transactions pages' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page / })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '2', '3']);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(textWithoutMarks(within(bodyRows()[0]!).getAllByRole('cell')[1])).toBe('$21.00'));
    expect(api.searches).toContain('?page=2');
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
  });

  test('no transactions: exactly "There is no transactions." and no pagination', async () => {
    mockWalletApi({ transactions: [] });
    await openWallet();
    expect(await screen.findByText('There is no transactions.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Transactions pages' })).toBeNull();
  });

  test('a failed load says so and offers Try again', async () => {
    let fail = true;
    mockWalletApi({
      routes: {
        'GET /api/wallet': () =>
          fail
            ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The wallet is unavailable' } } }
            : { body: makeSummary() },
      },
    });
    await openWallet();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The wallet is unavailable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again: the wallet' }));
    expect(await screen.findByRole('button', { name: 'Deposit' })).toBeTruthy();
  });

  test('balances.changed on the user topic reloads the wallet', async () => {
    const api = mockWalletApi();
    const app = await openWallet();
    await screen.findByRole('button', { name: 'Deposit' });
    const socket = app.realtime.sockets[0];
    act(() => {
      socket?.open();
      socket?.receive({ t: 'hello', protocol: 1, connId: 'c1', authenticated: true });
      socket?.receive({ t: 'subscribed', topic: 'user:u1', v: 1 });
    });
    const before = api.callsTo('GET', '/api/wallet').length;
    act(() => socket?.receive({ t: 'ev', topic: 'user:u1', v: 2, type: 'balances.changed', data: {} }));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(before));
  });
});

describe('deposit modal (?wallet=deposit)', () => {
  test('presets $20, $50, $100, $200 without a limit; the Deposit button opens it', async () => {
    mockWalletApi();
    const app = await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = await depositDialog();
    expect(app.location().search).toBe('?wallet=deposit');
    const presets = within(dialog).getAllByRole('button', { name: PRESET_NAMES });
    // "Deposit" is there for screen readers only; the button shows "$20".
    expect(presets.map((b) => textWithoutMarks(b))).toEqual([
      'Deposit $20',
      'Deposit $50',
      'Deposit $100',
      'Deposit $200',
    ]);
    expect(presets.every((b) => b.querySelector('.visually-hidden')?.textContent === 'Deposit')).toBe(true);
    expect(presets.map((b) => sandboxMarks(b).length)).toEqual([1, 1, 1, 1]);
  });

  test('an active deposit limit hides the presets at or above it; an expired one hides nothing', async () => {
    mockWalletApi({ summary: makeSummary({ limits: { bet: null, deposit: { max: 10000, until: FUTURE } } }) });
    const first = await openWallet('/wallet?wallet=deposit');
    let dialog = await depositDialog();
    expect(
      within(dialog)
        .getAllByRole('button', { name: PRESET_NAMES })
        .map((b) => textWithoutMarks(b)),
    ).toEqual(['Deposit $20', 'Deposit $50']);
    first.unmount();

    mockWalletApi({ summary: makeSummary({ limits: { bet: null, deposit: { max: 10000, until: PAST } } }) });
    await openWallet('/wallet?wallet=deposit');
    dialog = await depositDialog();
    expect(within(dialog).getAllByRole('button', { name: PRESET_NAMES })).toHaveLength(4);
  });

  test('the custom amount is clamped to 0-10000 whole dollars; below $10 is an inline error', async () => {
    const api = mockWalletApi();
    stubGeolocation();
    await openWallet('/wallet?wallet=deposit');
    const dialog = await depositDialog();
    const input = within(dialog).getByLabelText<HTMLInputElement>('Custom amount (USD)');
    fireEvent.change(input, { target: { value: '20000' } });
    expect(input.value).toBe('10000');
    fireEvent.change(input, { target: { value: '-5' } });
    expect(input.value).toBe('0');
    fireEvent.change(input, { target: { value: '12.75' } });
    expect(input.value).toBe('12');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input.value).toBe('12');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(await within(dialog).findByText('The minimum deposit is $10.00.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/wallet/deposits')).toHaveLength(0);
  });

  test('a deposit asks the browser where it is, then shows the provider in a 480px iframe', async () => {
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/deposits': () => ({ body: { sessionId: 'dep1', url: '/api/wallet/sandbox/pay/dep1' } }),
      },
    });
    const locate = stubGeolocation();
    await openWallet('/wallet?wallet=deposit');
    const dialog = await depositDialog();
    fireEvent.change(within(dialog).getByLabelText('Custom amount (USD)'), { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    const frame = await within(dialog).findByTitle('Payment provider');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('height')).toBe('480');
    expect(document.activeElement).toBe(frame);
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/api/wallet/sandbox/pay/dep1`);
    expect(locate).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST', '/api/wallet/deposits')[0]?.body).toEqual({
      amount: 3500,
      region: 'us',
      deviceGps: STUB_GPS,
    });
  });

  test("the provider page's message refreshes the wallet at once; others' messages are ignored", async () => {
    const api = mockWalletApi({
      routes: { 'POST /api/wallet/deposits': () => ({ body: { sessionId: 'd', url: '/sandbox-pay/checkout/d' } }) },
    });
    stubGeolocation();
    await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(20) }));
    const frame = await screen.findByTitle<HTMLIFrameElement>('Payment provider');
    const before = api.callsTo('GET', '/api/wallet').length;
    const paid = { source: 'sandbox-pay', type: 'checkout.paid', reference: 'd' };
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: paid, origin: 'https://evil.example', source: frame.contentWindow }),
      );
      window.dispatchEvent(new MessageEvent('message', { data: paid, origin: window.location.origin, source: window }));
    });
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(before);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: paid, origin: window.location.origin, source: frame.contentWindow }),
      );
    });
    expect(await screen.findByText(/^Payment received\./)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(before));
  });

  test('a preset starts the deposit with its amount', async () => {
    const api = mockWalletApi({
      routes: { 'POST /api/wallet/deposits': () => ({ body: { sessionId: 'd', url: '/pay/d' } }) },
    });
    stubGeolocation();
    await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(50) }));
    await screen.findByTitle('Payment provider');
    expect(api.callsTo('POST', '/api/wallet/deposits')[0]?.body).toMatchObject({ amount: 5000, region: 'us' });
  });

  test('no geolocation in the browser: its SPEC text, and nothing is sent', async () => {
    const api = mockWalletApi();
    removeGeolocation();
    await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(20) }));
    expect(await screen.findByText('Geolocation is not supported by this browser.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/deposits')).toHaveLength(0);
  });

  test("a refused position shows the browser's message", async () => {
    const api = mockWalletApi();
    stubGeolocation('User denied Geolocation');
    await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(20) }));
    expect(await screen.findByText('User denied Geolocation')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/deposits')).toHaveLength(0);
  });

  test("the server's refusal is shown as sent", async () => {
    mockWalletApi({
      routes: {
        'POST /api/wallet/deposits': () => ({
          status: 403,
          body: { error: { code: 'FORBIDDEN', message: 'Gaming in this location is restricted.' } },
        }),
      },
    });
    stubGeolocation();
    await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(20) }));
    expect(await screen.findByText('Gaming in this location is restricted.')).toBeTruthy();
    expect(screen.queryByTitle('Payment provider')).toBeNull();
  });

  test.each([
    ['LOCATION_BLOCKED', 'll-blocked', TEXTS.walletLlBlocked],
    ['IDENTITY_EXISTS', 'id-ex', TEXTS.walletIdEx],
    ['IDENTITY_BLOCKED', 'id-blocked', TEXTS.walletIdBlocked],
  ])('a flagged session (%s) goes to /wallet?wallet=%s, which says why', async (code, flag, text) => {
    mockWalletApi({
      routes: { 'POST /api/wallet/deposits': () => ({ status: 403, body: { error: { code, message: text } } }) },
    });
    stubGeolocation();
    const app = await openWallet('/wallet?wallet=deposit');
    fireEvent.click(within(await depositDialog()).getByRole('button', { name: preset(20) }));
    const notice = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(app.location().search).toBe(`?wallet=${flag}`);
    expect(within(notice).getByRole('alert').textContent).toBe(text);
    expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  test('closing the modal refreshes the summary, the history and the session', async () => {
    const api = mockWalletApi({
      routes: { 'POST /api/wallet/deposits': () => ({ body: { sessionId: 'd', url: '/pay/d' } }) },
    });
    stubGeolocation();
    const app = await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = await depositDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: preset(100) }));
    await within(dialog).findByTitle('Payment provider');
    const count = () => ({
      summary: api.callsTo('GET', '/api/wallet').length,
      history: api.callsTo('GET', '/api/wallet/transactions').length,
      session: api.callsTo('GET', '/api/session').length,
    });
    const before = count();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deposit' })).toBeNull());
    expect(app.location().search).toBe('');
    await waitFor(() => {
      const after = count();
      expect(after.summary).toBeGreaterThan(before.summary);
      expect(after.history).toBeGreaterThan(before.history);
      expect(after.session).toBeGreaterThan(before.session);
    });
  });

  test('Canadian users: the fees, then the same flows with region ca', async () => {
    const api = mockWalletApi({
      routes: { 'POST /api/wallet/deposits': () => ({ body: { sessionId: 'd', url: '/pay/d' } }) },
    });
    stubGeolocation();
    const app = await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit/Withdrawals for Canadian Users' }));
    const chooser = await screen.findByRole('dialog', { name: 'Deposit/Withdrawals for Canadian Users' });
    expect(chooser.textContent).toContain('US$0.50');
    expect(chooser.textContent).toContain('US$2.00');
    fireEvent.click(within(chooser).getByRole('button', { name: 'Canadian deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit for Canadian Users' });
    expect(app.location().search).toBe('?wallet=deposit-ca');
    expect(dialog.textContent).toContain('US$0.50');
    fireEvent.click(within(dialog).getByRole('button', { name: preset(20) }));
    await within(dialog).findByTitle('Payment provider');
    expect(api.callsTo('POST', '/api/wallet/deposits')[0]?.body).toMatchObject({ amount: 2000, region: 'ca' });
    // Closing goes back to the page the chooser was opened from.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });
});

describe('withdraw modal (?wallet=withdraw)', () => {
  beforeEach(() => {
    stubGeolocation();
  });

  test('disabled with the reason when the summary gives one', async () => {
    const reason = 'You were reported by another player. Withdrawal is temporarily disabled.';
    mockWalletApi({ summary: makeSummary({ withdrawDisabledReason: reason }) });
    await openWallet();
    const button = await screen.findByRole('button', { name: 'Withdraw' });
    expect(button).toHaveProperty('disabled', true);
    const note = screen.getByText(reason);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
  });

  test('shows what is withdrawable; the server refusal is shown as is', async () => {
    const refusal = 'You do not have enough balance to withdraw this amount.';
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          status: 409,
          body: { error: { code: 'CONFLICT', message: refusal } },
        }),
      },
    });
    await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    expect(textWithoutMarks(dialog)).toContain('Withdrawable now: $25.00');
    const submit = within(dialog).getByRole('button', { name: 'Request withdrawal' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(TEXTS.withdrawAmountRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '999.99' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/withdrawals')[0]?.body).toEqual({
      amount: 99999,
      region: 'us',
      deviceGps: STUB_GPS,
    });
  });

  test('fair play (issue 14): a hold refused by the server shows its text as an alert', async () => {
    mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          status: 403,
          body: { error: { code: 'FORBIDDEN', message: FAIRPLAY_TEXTS.withdrawalOnHold } },
        }),
      },
    });
    await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(FAIRPLAY_TEXTS.withdrawalOnHold);
    // The form stays: the user is not sent away, and may read the text again.
    expect(within(dialog).getByLabelText('Amount (USD)')).toBeTruthy();
  });

  test('fair play (issue 14): a hold the summary already names disables Withdraw with its text', async () => {
    mockWalletApi({ summary: makeSummary({ withdrawDisabledReason: FAIRPLAY_TEXTS.withdrawalOnHold }) });
    await openWallet();
    const button = await screen.findByRole('button', { name: 'Withdraw' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText(FAIRPLAY_TEXTS.withdrawalOnHold).id);
  });

  test('Canadian withdrawal: the US$2.00 fee and what arrives', async () => {
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          body: { transaction: makeTransaction(9, { type: 'withdraw', amount: 1000, status: 'pending', fee: 200 }) },
        }),
      },
    });
    await openWallet('/wallet?wallet=ca');
    const chooser = await screen.findByRole('dialog', { name: 'Deposit/Withdrawals for Canadian Users' });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Canadian withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw for Canadian Users' });
    expect(dialog.textContent).toContain('US$2.00');
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    expect(textWithoutMarks(dialog)).toContain('You receive $8.00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    await within(dialog).findByText(/Status: Pending/);
    expect(api.callsTo('POST', '/api/wallet/withdrawals')[0]?.body).toEqual({
      amount: 1000,
      region: 'ca',
      deviceGps: STUB_GPS,
    });
  });

  test('the position is asked first (issue 16): refused by the browser, its text is shown and nothing is sent', async () => {
    const api = mockWalletApi();
    stubGeolocation('User denied Geolocation');
    await openWallet('/wallet?wallet=withdraw');
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User denied Geolocation');
    expect(api.callsTo('POST', '/api/wallet/withdrawals')).toEqual([]);
  });

  test('a withdrawal from a blocked state goes to /wallet?wallet=ll-blocked, which says why', async () => {
    mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          status: 403,
          body: { error: { code: 'LOCATION_BLOCKED', message: TEXTS.walletLlBlocked } },
        }),
      },
    });
    const app = await openWallet('/wallet?wallet=withdraw');
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    const notice = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(app.location().search).toBe('?wallet=ll-blocked');
    expect(within(notice).getByRole('alert').textContent).toBe(TEXTS.walletLlBlocked);
  });

  test('an accepted withdrawal shows its status and refreshes the wallet', async () => {
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          body: {
            transaction: makeTransaction(9, { type: 'withdraw', amount: 1000, status: 'pending', completed: false }),
          },
        }),
      },
    });
    await openWallet('/wallet?wallet=withdraw');
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    const before = api.callsTo('GET', '/api/wallet').length;
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    const done = (await within(dialog).findByText(/Status: Pending/)).closest('p');
    expect(textWithoutMarks(done)).toBe('Your withdrawal of $10.00 was received. Status: Pending.');
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet').length).toBeGreaterThan(before));
  });
  test('sends an Idempotency-Key: kept when the same withdrawal is sent again after a failure, new for another amount or after a success', async () => {
    const answers: (() => { status?: number; body?: unknown })[] = [
      () => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down for a moment.' } } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ status: 502 }),
      () => ({ body: { transaction: makeTransaction(9, { type: 'withdraw', amount: 1200, status: 'pending' }) } }),
      () => ({ body: { transaction: makeTransaction(10, { type: 'withdraw', amount: 1200, status: 'pending' }) } }),
    ];
    const api = mockWalletApi({ routes: { 'POST /api/wallet/withdrawals': () => answers.shift()!() } });
    const app = await openWallet('/wallet?wallet=withdraw');
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    const posts = () => api.callsTo('POST', '/api/wallet/withdrawals');
    const keys = () => posts().map((c) => c.headers[IDEMPOTENCY_HEADER]);
    const send = async (n: number) => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
      await waitFor(() => expect(posts()).toHaveLength(n));
    };
    const failed = async (text: string) => expect((await within(dialog).findByRole('alert')).textContent).toBe(text);

    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '10' } });
    await send(1);
    await failed('Down for a moment.');
    // The answer may have been lost after the server made it: the same withdrawal, the same key.
    await send(2);
    await failed(NETWORK_ERROR_TEXT);
    const [first] = keys();
    expect(first).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/);
    expect(keys()).toEqual([first, first]);

    // Another amount is another withdrawal; its own resend keeps its key.
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '12' } });
    await send(3);
    await failed(TEXTS.internal);
    await send(4);
    await within(dialog).findByText(/Status: Pending/);
    const second = keys()[2];
    expect(second).not.toBe(first);
    expect(keys()).toEqual([first, first, second, second]);
    expect(posts().map((c) => c.body)).toEqual([
      { amount: 1000, region: 'us', deviceGps: STUB_GPS },
      { amount: 1000, region: 'us', deviceGps: STUB_GPS },
      { amount: 1200, region: 'us', deviceGps: STUB_GPS },
      { amount: 1200, region: 'us', deviceGps: STUB_GPS },
    ]);

    // After a success the next withdrawal, even of the same amount, is a new one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '12' } });
    await send(5);
    await within(dialog).findByText(/Status: Pending/);
    expect(new Set(keys()).size).toBe(3);
  });
});

describe('wallet session answers in the URL (SPEC 7 /wallet?wallet={message})', () => {
  test.each([
    ['ll-blocked', 'Gaming in this location is restricted.'],
    ['id-ex', TEXTS.walletIdEx],
    ['id-blocked', TEXTS.walletIdBlocked],
    ['Send your password to support', 'Unable to process'],
  ])('?wallet=%s shows %j', async (value, text) => {
    mockWalletApi();
    const app = await openWallet(`/wallet?wallet=${encodeURIComponent(value)}`);
    const notice = await screen.findByRole('dialog', { name: 'Wallet' });
    expect(within(notice).getByRole('alert').textContent).toBe(text);
    expect(screen.queryByText(value)).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });

  test("the wallet's own screens are not answers", async () => {
    mockWalletApi();
    await openWallet('/wallet?wallet=deposit');
    await depositDialog();
    expect(screen.queryByRole('dialog', { name: 'Wallet' })).toBeNull();
  });
});

describe('out-of-coins top-up (SPEC 9: 100 RushCoins)', () => {
  const broke = () => makeMe({ balances: { usd: 0, wbx: 0 } });

  test('at 0 RC the wallet offers it; it tops up and the balance reloads', async () => {
    let me = broke();
    const api = mockWalletApi({
      me,
      summary: makeSummary({ balances: { usd: 0, wbx: 0 } }),
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        'POST /api/wallet/top-up': () => {
          me = { ...me, balances: { usd: 0, wbx: 10_000 } };
          return { body: { balances: me.balances } };
        },
      },
    });
    await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Top up 100 RushCoins' }));
    expect(await screen.findByText('100 RushCoins added to your balance.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/top-up')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Top up/ })).toBeNull();
  });

  test("the server's refusal is shown as sent", async () => {
    mockWalletApi({
      me: broke(),
      routes: {
        'POST /api/wallet/top-up': () => ({
          status: 409,
          body: { error: { code: 'TOPUP_UNAVAILABLE', message: TEXTS.topUpAlreadyToday } },
        }),
      },
    });
    await openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Top up 100 RushCoins' }));
    expect(await screen.findByText(TEXTS.topUpAlreadyToday)).toBeTruthy();
  });

  test('with RushCoins left it is not offered', async () => {
    mockWalletApi({ me: makeMe({ balances: { usd: 0, wbx: 1 } }) });
    await openWallet();
    await screen.findByRole('button', { name: 'Withdraw' });
    expect(screen.queryByRole('button', { name: /^Top up/ })).toBeNull();
  });
});

describe('wallet: a closed (self-excluded) account keeps its way out (issue 33)', () => {
  test('the overlay links to the wallet, where only Withdraw is offered and no overlay stands', async () => {
    mockWalletApi({ me: makeMe({ closed: true }) });
    renderApp('/');
    const overlayTitle = await screen.findByRole('heading', { name: TEXTS.accountClosed });
    const link = screen.getByRole('link', { name: 'Withdraw your balance' });
    expect(link.getAttribute('href')).toBe('/wallet');
    expect(overlayTitle).toBeTruthy();
    fireEvent.click(link);

    await screen.findByRole('heading', { name: 'Wallet', level: 1 });
    expect(screen.queryByRole('heading', { name: TEXTS.accountClosed })).toBeNull();
    expect(await screen.findByText(/You can still withdraw your balance/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw for Canadian Users' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
  });
});

describe('wallet: deposits that did not simply complete (issue 32)', () => {
  test('pending, failed, expired and returned deposits listed; what is owed shown with the withdraw reason', async () => {
    const reason = TEXTS.depositDebt('30.00');
    mockWalletApi({
      summary: makeSummary({
        debt: 3000,
        withdrawDisabledReason: reason,
        deposits: [
          { id: 'd1', amount: 5000, status: 'reversed', date: '2026-11-20T10:00:00.000Z' },
          { id: 'd2', amount: 2000, status: 'failed', date: '2026-11-19T10:00:00.000Z' },
          { id: 'd3', amount: 3000, status: 'expired', date: '2026-11-18T10:00:00.000Z' },
          { id: 'd4', amount: 1000, status: 'pending', date: '2026-11-17T10:00:00.000Z' },
        ],
      }),
    });
    await openWallet();
    const list = await screen.findByRole('region', { name: 'Deposits' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => textWithoutMarks(li) ?? '');
    expect(items.map((t) => t.replace(/\s+\d{4}\/.*$/, ''))).toEqual([
      '$50.00 Returned by your bank',
      '$20.00 Failed',
      '$30.00 Expired',
      '$10.00 Pending',
    ]);
    expect(textWithoutMarks(within(list).getByText(/Owed:/))).toBe('Owed: $30.00');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toHaveProperty('disabled', true);
    expect(screen.getByText(reason)).toBeTruthy();
  });

  test('absent when every deposit simply completed and nothing is owed', async () => {
    mockWalletApi({ summary: makeSummary() });
    await openWallet();
    await screen.findByRole('button', { name: 'Deposit' });
    expect(screen.queryByRole('region', { name: 'Deposits' })).toBeNull();
  });
});
