import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { makeMe } from '../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../test/render.tsx';

/** SPEC 5 (issue 20 item 1): a provider sign-up gives its date of birth before anything else. */
describe('date of birth first', () => {
  test('the gate covers the page until an adult date of birth is saved', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe({ needsDateOfBirth: true }),
      routes: { 'POST /api/account/date-of-birth': () => ({ body: makeMe({ needsDateOfBirth: false }) }) },
    });
    renderApp('/about');
    const gate = await screen.findByRole('alertdialog', { name: 'Date of birth' });
    expect(within(gate).getByText(TEXTS.dobFirst)).toBeTruthy();
    expect(within(gate).getByRole('button', { name: 'Logout' })).toBeTruthy();

    fireEvent.click(within(gate).getByRole('button', { name: 'Continue' }));
    expect(await within(gate).findByText(TEXTS.dobRequired)).toBeTruthy();

    const choose = (month: string, day: string, year: string) => {
      fireEvent.change(within(gate).getByLabelText('Month'), { target: { value: month } });
      fireEvent.change(within(gate).getByLabelText('Day'), { target: { value: day } });
      fireEvent.change(within(gate).getByLabelText('Year'), { target: { value: year } });
    };
    choose('1', '1', String(new Date().getFullYear() - 10));
    fireEvent.click(within(gate).getByRole('button', { name: 'Continue' }));
    expect(await within(gate).findByText(TEXTS.underAge)).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/date-of-birth')).toHaveLength(0);

    choose('6', '15', '1990');
    fireEvent.click(within(gate).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Date of birth' })).toBeNull());
    expect(api.callsTo('POST', '/api/account/date-of-birth')[0]?.body).toEqual({
      dob: { year: 1990, month: 6, day: 15 },
    });
  });

  test('the server refusing the date shows its text on the field', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({ needsDateOfBirth: true }),
      routes: {
        'POST /api/account/date-of-birth': () => ({
          status: 400,
          body: { error: { code: 'VALIDATION', message: 'Invalid', fields: { dob: TEXTS.underAge } } },
        }),
      },
    });
    renderApp('/about');
    const gate = await screen.findByRole('alertdialog', { name: 'Date of birth' });
    fireEvent.change(within(gate).getByLabelText('Month'), { target: { value: '6' } });
    fireEvent.change(within(gate).getByLabelText('Day'), { target: { value: '15' } });
    fireEvent.change(within(gate).getByLabelText('Year'), { target: { value: '1990' } });
    fireEvent.click(within(gate).getByRole('button', { name: 'Continue' }));
    expect(await within(gate).findByText(TEXTS.underAge)).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'Date of birth' })).toBeTruthy();
  });

  test('an account with its date of birth never sees it', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    renderApp('/about');
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Date of birth' })).toBeNull();
  });
});
