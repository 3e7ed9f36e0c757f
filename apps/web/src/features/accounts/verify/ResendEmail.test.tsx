import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** The seconds the button shows and the seconds the alert names, read at one moment. */
function shownSeconds(dialog: HTMLElement): { button: number | null; alert: number | null } {
  const button = within(dialog).getByRole('button', { name: /^Resend email/ }).textContent ?? '';
  const alert = within(dialog).queryByRole('alert')?.textContent ?? '';
  const seconds = (text: string, pattern: RegExp) => {
    const m = pattern.exec(text);
    return m ? Number(m[1]) : null;
  };
  return { button: seconds(button, /in (\d+) s$/), alert: seconds(alert, /in (\d+) seconds?\.$/) };
}

describe('Resend email: the button and the alert read one clock (issue 36)', () => {
  test('both show the same seconds as the wait runs down; both clear when it is over', async () => {
    // The clock is ours; it still moves with real time so the app's requests settle.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({ emailVerified: false }),
      routes: {
        'POST /api/auth/resend-verification': () => ({
          status: 429,
          headers: { 'retry-after': '44' },
          body: { error: { code: 'TOO_MANY_ATTEMPTS', message: TEXTS.verificationMailWait('44 seconds') } },
        }),
      },
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect(await within(dialog).findByText(TEXTS.verificationMailWait('44 seconds'))).toBeTruthy();
    expect(shownSeconds(dialog)).toEqual({ button: 44, alert: 44 });

    for (const [step, left] of [
      [9_000, 35],
      [20_000, 15],
      [14_000, 1],
    ] as const) {
      act(() => void vi.advanceTimersByTime(step));
      expect(shownSeconds(dialog)).toEqual({ button: left, alert: left });
    }
    expect(within(dialog).getByRole('alert').textContent).toBe(TEXTS.verificationMailWait('1 second'));

    // The wait is over: the button is back and the alert no longer names a wait.
    act(() => void vi.advanceTimersByTime(1_000));
    const button = within(dialog).getByRole('button', { name: 'Resend email' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
