import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { CANADA_TEXTS, TAX_TEXTS } from '@rush/domain';
import { IDEMPOTENCY_HEADER } from '@rush/protocol';
import { renderApp } from '../../test/render.tsx';
import { textWithoutMarks } from '../../test/sandbox.ts';
import { makeTransaction, mockWalletApi, STUB_GPS, stubGeolocation } from './testing.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const REFUSAL = TAX_TEXTS.required('600.01');
const pending = makeTransaction(9, { type: 'withdraw', amount: 60001, status: 'pending', completed: false });

async function openWithdraw(path = '/wallet?wallet=withdraw', name = 'Withdraw') {
  stubGeolocation();
  renderApp(path);
  return screen.findByRole('dialog', { name });
}

function fillTaxForm(form: HTMLElement, tin = '123-45-6780') {
  const type = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  type('Legal name', 'Jane Q. Public');
  type('Street address', '1 Main St');
  type('City', 'Albany');
  type('State', 'NY');
  type('ZIP code', '12207');
  type('SSN or TIN', tin);
}

describe('US tax information (SPEC 9, issue 16)', () => {
  test('$600.01 prompts the tax form; once saved, the same withdrawal goes through', async () => {
    let withdrawals = 0;
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => {
          withdrawals += 1;
          return withdrawals === 1
            ? { status: 409, body: { error: { code: 'TAX_INFO_REQUIRED', message: REFUSAL } } }
            : { body: { transaction: pending } };
        },
        'PUT /api/wallet/tax': () => ({ body: { saved: true, tinLast4: '6780' } }),
      },
    });
    const dialog = await openWithdraw();
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '600.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    const form = await within(dialog).findByRole('form', { name: TAX_TEXTS.formTitle });
    expect(within(form).getByRole('alert').textContent).toBe(REFUSAL);
    // Only what is needed: name, address, TIN.
    const labels = [...form.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Legal name', 'Street address', 'City', 'State', 'ZIP code', 'SSN or TIN']);

    fillTaxForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save and withdraw' }));
    const done = (await within(dialog).findByText(/Status: Pending/)).closest('p');
    expect(textWithoutMarks(done)).toBe('Your withdrawal of $600.01 was received. Status: Pending.');
    expect(api.callsTo('PUT', '/api/wallet/tax')[0]?.body).toEqual({
      legalName: 'Jane Q. Public',
      street: '1 Main St',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      tin: '123-45-6780',
    });
    const sent = api.callsTo('POST', '/api/wallet/withdrawals');
    expect(sent.map((c) => c.body)).toEqual([
      { amount: 60001, region: 'us', deviceGps: STUB_GPS },
      { amount: 60001, region: 'us', deviceGps: STUB_GPS },
    ]);
    // The same intended withdrawal, refused and then sent again: one key.
    const [key, again] = sent.map((c) => c.headers[IDEMPOTENCY_HEADER]);
    expect(key).toBeTruthy();
    expect(again).toBe(key);
  });

  test('the form checks each field as the server does and sends nothing wrong', async () => {
    const api = mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          status: 409,
          body: { error: { code: 'TAX_INFO_REQUIRED', message: REFUSAL } },
        }),
      },
    });
    const dialog = await openWithdraw();
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '600.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    const form = await within(dialog).findByRole('form', { name: TAX_TEXTS.formTitle });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and withdraw' }));
    for (const text of [
      TAX_TEXTS.legalNameRequired,
      TAX_TEXTS.streetRequired,
      TAX_TEXTS.cityRequired,
      TAX_TEXTS.stateInvalid,
      TAX_TEXTS.zipInvalid,
      TAX_TEXTS.tinInvalid,
    ]) {
      expect(await within(form).findByText(text)).toBeTruthy();
    }
    expect(within(form).getByLabelText('SSN or TIN').getAttribute('aria-invalid')).toBe('true');
    fillTaxForm(form, '12345');
    fireEvent.click(within(form).getByRole('button', { name: 'Save and withdraw' }));
    expect(await within(form).findByText(TAX_TEXTS.tinInvalid)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/wallet/tax')).toHaveLength(0);

    // Cancel goes back to the amount.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByRole('button', { name: 'Request withdrawal' })).toBeTruthy();
  });

  test("the server's field texts are shown beside their fields", async () => {
    mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          status: 409,
          body: { error: { code: 'TAX_INFO_REQUIRED', message: REFUSAL } },
        }),
        'PUT /api/wallet/tax': () => ({
          status: 400,
          body: { error: { code: 'VALIDATION', message: TAX_TEXTS.zipInvalid, fields: { zip: TAX_TEXTS.zipInvalid } } },
        }),
      },
    });
    const dialog = await openWithdraw();
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '700' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    const form = await within(dialog).findByRole('form', { name: TAX_TEXTS.formTitle });
    fillTaxForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save and withdraw' }));
    const zip = within(form).getByLabelText('ZIP code');
    await within(form).findByText(TAX_TEXTS.zipInvalid);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Canadian withdrawal by e-mail request (SPEC 9, issue 16)', () => {
  test('after the request the player reads that support has it and the amount is held', async () => {
    mockWalletApi({
      routes: {
        'POST /api/wallet/withdrawals': () => ({
          body: { transaction: makeTransaction(9, { type: 'withdraw', amount: 3000, fee: 200, status: 'pending' }) },
        }),
      },
    });
    const dialog = await openWithdraw('/wallet?wallet=withdraw-ca', 'Withdraw for Canadian Users');
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(dialog).findByText(CANADA_TEXTS.withdrawalRequested)).toBeTruthy();
  });

  test('a pending Canadian deposit shows as Pending in the table', async () => {
    mockWalletApi({
      transactions: [makeTransaction(1, { amount: 2000, fee: 50, status: 'pending', completed: false })],
    });
    renderApp('/wallet');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => textWithoutMarks(c)),
      );
    expect(cells[0]?.slice(0, 3)).toEqual(['Deposit', '$20.00 (fee $0.50)', 'Pending']);
  });
});
