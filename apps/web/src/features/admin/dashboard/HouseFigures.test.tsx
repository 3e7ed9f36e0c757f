import { describe, expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { HouseFigures, houseResult } from './HouseFigures.tsx';

describe('the house on the dashboard (issue 33)', () => {
  test.each([
    [0, 'lost 0.00 RC'],
    [1_800_000, 'lost 18,000.00 RC'],
    [-250_000, 'won 2,500.00 RC'],
  ])('%i minor units: %s', (lost, text) => {
    expect(houseResult(lost)).toBe(text);
  });

  test('float, stakes in live games, and the last hour and day, each named', () => {
    render(<HouseFigures house={{ float: 98_000_000, atRisk: 1_500_000, lostHour: 2_250_000, lostDay: -500_000 }} />);
    const region = screen.getByRole('region', { name: 'The house against bots, now' });
    const stat = (name: string) => within(region).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('House float')).toBe('980,000.00 RC');
    expect(stat('At stake in live bot games')).toBe('15,000.00 RC');
    expect(stat('Last hour')).toBe('lost 22,500.00 RC');
    expect(stat('Last 24 hours')).toBe('won 5,000.00 RC');
  });
});
