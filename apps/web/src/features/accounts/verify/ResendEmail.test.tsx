import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TEXTS, formatRetryWait } from '@rush/domain';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** The wait's text as it is shown (not in a live region) and the live region's text. */
function messages(dialog: HTMLElement): { shown: string | null; announced: string | null } {
  return {
    shown: within(dialog).queryByTestId('resend-wait')?.textContent ?? null,
    announced: within(dialog).queryByRole('alert')?.textContent ?? null,
  };
}

/** The seconds the button shows and the seconds the shown refusal names, read at one moment. */
function shownSeconds(dialog: HTMLElement): { button: number | null; message: number | null } {
  const button = within(dialog).getByRole('button', { name: /^Resend email/ }).textContent ?? '';
  const seconds = (text: string, pattern: RegExp) => {
    const m = pattern.exec(text);
    return m ? Number(m[1]) : null;
  };
  return {
    button: seconds(button, /in (\d+) s$/),
    message: seconds(messages(dialog).shown ?? '', /in (\d+) seconds?\.$/),
  };
}

/** The dashboard's popup, its Resend refused with a wait of `seconds` (the server's own text). */
async function refusedFor(seconds: number): Promise<HTMLElement> {
  // The clock is ours; it still moves with real time so the app's requests settle.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  dismissOnboardingForTests();
  mockApi({
    me: makeMe({ emailVerified: false }),
    routes: {
      'POST /api/auth/resend-verification': () => ({
        status: 429,
        headers: { 'retry-after': String(seconds) },
        body: {
          error: {
            code: 'TOO_MANY_ATTEMPTS',
            message: TEXTS.verificationMailWait(formatRetryWait(seconds * 1000)),
          },
        },
      }),
    },
  });
  renderApp('/');
  const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
  await within(dialog).findByRole('alert');
  return dialog;
}

describe('Resend email: the button and the alert read one clock (issue 36)', () => {
  test('both show the same seconds as the wait runs down; both clear when it is over', async () => {
    const dialog = await refusedFor(44);
    expect(messages(dialog).shown).toBe(TEXTS.verificationMailWait('44 seconds'));
    expect(shownSeconds(dialog)).toEqual({ button: 44, message: 44 });

    for (const [step, left] of [
      [9_000, 35],
      [20_000, 15],
      [14_000, 1],
    ] as const) {
      act(() => void vi.advanceTimersByTime(step));
      expect(shownSeconds(dialog)).toEqual({ button: left, message: left });
    }
    expect(messages(dialog).shown).toBe(TEXTS.verificationMailWait('1 second'));

    // The wait is over: the button is back and no refusal is shown or announced.
    act(() => void vi.advanceTimersByTime(1_000));
    const button = within(dialog).getByRole('button', { name: 'Resend email' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(messages(dialog)).toEqual({ shown: null, announced: null });
  });

  test('the live region announces the wait once: its text does not tick with the countdown', async () => {
    const dialog = await refusedFor(44);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe(TEXTS.verificationMailWait('44 seconds'));
    // The ticking copy is out of the accessibility tree: only the live region speaks.
    expect(within(dialog).getByTestId('resend-wait').getAttribute('aria-hidden')).toBe('true');
    for (const step of [1_000, 1_000, 10_000, 20_000]) {
      act(() => void vi.advanceTimersByTime(step));
      // The same node with the same text: nothing in a live region changed, nothing is re-read.
      expect(within(dialog).getByRole('alert')).toBe(alert);
      expect(alert.textContent).toBe(TEXTS.verificationMailWait('44 seconds'));
    }
    expect(shownSeconds(dialog)).toEqual({ button: 12, message: 12 });
  });

  test('a wait of a minute reads "1 minute", as the server writes it, not "60 seconds"', async () => {
    const dialog = await refusedFor(60);
    const serverText = TEXTS.verificationMailWait(formatRetryWait(60_000));
    expect(serverText).toContain('in 1 minute.');
    expect(messages(dialog)).toEqual({ shown: serverText, announced: serverText });
    expect(within(dialog).queryByText(/60 seconds/)).toBeNull();
    // A second later the shown text counts in seconds, as the server would then write it.
    act(() => void vi.advanceTimersByTime(1_000));
    expect(messages(dialog).shown).toBe(TEXTS.verificationMailWait(formatRetryWait(59_000)));
  });
});
