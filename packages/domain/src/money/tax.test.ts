import { describe, expect, it } from 'vitest';
import {
  TAX_TEXTS,
  taxInfoNeeded,
  tinDigits,
  tinLast4,
  utcYearStart,
  validateTaxDetails,
  type TaxDetailsInput,
} from './tax.ts';

describe('taxInfoNeeded (SPEC 9: above $600 for US withdrawals)', () => {
  it.each([
    ['us', 0n, 60_000n, false],
    ['us', 0n, 60_001n, true],
    ['us', 50_000n, 10_000n, false],
    ['us', 50_000n, 10_001n, true],
    ['us', 60_000n, 1n, true],
    ['ca', 0n, 1_000_000n, false],
    ['ca', 60_000n, 1n, false],
  ] as const)('%s, %s withdrawn this year, %s more -> %s', (region, before, amount, needed) => {
    expect(taxInfoNeeded(region, before, amount)).toBe(needed);
  });
});

describe('utcYearStart', () => {
  it.each([
    ['2026-03-10T12:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', '2025-01-01T00:00:00.000Z'],
  ])('%s -> %s', (now, start) => {
    expect(utcYearStart(new Date(now)).toISOString()).toBe(start);
  });
});

describe('validateTaxDetails', () => {
  const good: TaxDetailsInput = {
    legalName: '  Jane   Q. Public ',
    street: '1 Main St, Apt 2',
    city: 'Albany',
    state: 'ny',
    zip: '12207',
    tin: '123-45-6780',
  };

  it('normalises a valid form', () => {
    expect(validateTaxDetails(good)).toEqual({
      ok: true,
      value: {
        legalName: 'Jane Q. Public',
        street: '1 Main St, Apt 2',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        tin: '123456780',
      },
    });
    expect(validateTaxDetails({ ...good, zip: '12207-1234', tin: '912 70 1234' }).ok).toBe(true);
  });

  it.each([
    ['legalName', '   ', TAX_TEXTS.legalNameRequired],
    ['legalName', 'x'.repeat(101), TAX_TEXTS.legalNameTooLong],
    ['street', '', TAX_TEXTS.streetRequired],
    ['street', 'x'.repeat(101), TAX_TEXTS.streetTooLong],
    ['city', '', TAX_TEXTS.cityRequired],
    ['city', 'x'.repeat(61), TAX_TEXTS.cityTooLong],
    ['state', 'XX', TAX_TEXTS.stateInvalid],
    ['state', '', TAX_TEXTS.stateInvalid],
    ['zip', '1220', TAX_TEXTS.zipInvalid],
    ['zip', '12207-12', TAX_TEXTS.zipInvalid],
    ['zip', '00000', TAX_TEXTS.zipInvalid],
    ['tin', '12345678', TAX_TEXTS.tinInvalid],
    ['tin', '1234567890', TAX_TEXTS.tinInvalid],
    ['tin', '12a-45-6780', TAX_TEXTS.tinInvalid],
    ['tin', '000-12-3456', TAX_TEXTS.tinInvalid],
    ['tin', '123-00-4567', TAX_TEXTS.tinInvalid],
    ['tin', '123-45-0000', TAX_TEXTS.tinInvalid],
    ['tin', '111-11-1111', TAX_TEXTS.tinInvalid],
    ['tin', '123-45-6789', TAX_TEXTS.tinInvalid],
  ] as const)('%s %j is refused with its text', (field, value, text) => {
    const d = validateTaxDetails({ ...good, [field]: value });
    expect(d).toEqual({ ok: false, errors: { [field]: text } });
  });

  it('names every wrong field at once', () => {
    const d = validateTaxDetails({ legalName: '', street: '', city: '', state: '', zip: '', tin: '' });
    expect(d.ok ? [] : Object.keys(d.errors).sort()).toEqual(['city', 'legalName', 'state', 'street', 'tin', 'zip']);
  });

  it('control characters are not kept', () => {
    const d = validateTaxDetails({ ...good, legalName: 'Jane\u0000Doe' });
    expect(d.ok && d.value.legalName).toBe('Jane Doe');
  });
});

describe('tinDigits and tinLast4', () => {
  it.each([
    ['123-45-6780', '123456780'],
    [' 123456780 ', '123456780'],
    ['12-3456780', '123456780'],
    ['123.45.6780', null],
    ['', null],
  ])('%j -> %s', (typed, digits) => {
    expect(tinDigits(typed)).toBe(digits);
  });
  it('keeps the last four digits only', () => {
    expect(tinLast4('123456780')).toBe('6780');
  });
});
