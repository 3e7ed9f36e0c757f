import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { breakEndOf, BreakNotice, HeaderBreak } from './BreakNotice.tsx';

const now = new Date('2999-01-01T00:00:00.000Z');

describe('a break on the screens that start games and in the header (issue 37)', () => {
  test.each([
    ['no break', null, null],
    ['a running break', '2999-01-08T00:00:00.000Z', '2999-01-08T00:00:00.000Z'],
    ['an ended break', '2998-12-31T00:00:00.000Z', null],
  ])('%s', (_name, coolOffUntil, end) => {
    expect(breakEndOf({ coolOffUntil }, now)?.toISOString() ?? null).toBe(end);
  });

  test('the notice says the end in the server words; nothing without a break', () => {
    const { unmount } = render(<BreakNotice me={{ coolOffUntil: '2999-06-30T12:00:00.000Z' }} />);
    expect(screen.getByRole('status').textContent).toBe(TEXTS.coolOffActive('2999/06/30 12:00 UTC'));
    unmount();
    const empty = render(<BreakNotice me={{ coolOffUntil: null }} />);
    expect(empty.container.textContent).toBe('');
  });

  test('the header shows the end', () => {
    render(<HeaderBreak me={{ coolOffUntil: '2999-06-30T12:00:00.000Z' }} />);
    expect(screen.getByRole('status').textContent).toBe('On a break until 2999/06/30 12:00 UTC');
  });
});
