import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canSubmitCode,
  checkWalletCreate,
  dateOfBirthError,
  formatDateOfBirth,
  formatIdentityPhone,
  formatWalletPhone,
  isPhotoIdType,
  ONBOARDING_TEXTS,
  parseDateOfBirth,
  phoneDigits,
  walletPhoneNumber,
} from './onboarding.ts';
import { citizenshipCountries, CITIZENSHIP_CODES, isCitizenshipCode } from './citizenship.ts';
import { taxInfoNeeded, TAX_INFO_THRESHOLD_CENTS } from './tax.ts';

const valid = { phone: '+1 (555) 123-4567', firstName: 'Ada', lastName: 'Lovelace', nickname: '' };

describe('the wallet phone as typed (SPEC 5: +1 (###) ###-####)', () => {
  it.each([
    ['', ''],
    ['5', '+1 (5'],
    ['555', '+1 (555)'],
    ['5551', '+1 (555) 1'],
    ['555123', '+1 (555) 123'],
    ['5551234', '+1 (555) 123-4'],
    ['5551234567', '+1 (555) 123-4567'],
    ['55512345679999', '+1 (555) 123-4567'],
    ['+1 555 123 4567', '+1 (555) 123-4567'],
    ['(555) 123-4567', '+1 (555) 123-4567'],
  ])('%j shows %j', (typed, shown) => {
    expect(formatWalletPhone(typed)).toBe(shown);
  });

  it('typed one key at a time into the formatted field, the digits come out as typed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,10}$/), (digits) => {
        let shown = '';
        for (const key of digits) shown = formatWalletPhone(shown + key);
        expect(phoneDigits(shown)).toBe(digits);
        let identity = '';
        for (const key of digits) identity = formatIdentityPhone(identity + key);
        expect(phoneDigits(identity)).toBe(digits);
      }),
    );
    let shown = '';
    for (const key of '5558675309') shown = formatWalletPhone(shown + key);
    expect(shown).toBe('+1 (555) 867-5309');
  });

  it('the identity form shows the same digits without the country code', () => {
    expect(formatIdentityPhone('5551234567')).toBe('(555) 123-4567');
  });

  it.each([
    ['+1 (555) 123-4567', '5551234567'],
    ['+1 (555) 123-456', null],
    ['5551234567', null],
    ['+1 (555)123-4567', null],
    ['+2 (555) 123-4567', null],
  ])('%j is the provider number %j', (text, digits) => {
    expect(walletPhoneNumber(text)).toBe(digits);
  });

  it('whatever is typed, the formatted text of ten digits is a valid provider number of those digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), (digits) => {
        expect(walletPhoneNumber(formatWalletPhone(digits))).toBe(digits);
      }),
    );
  });
});

describe('the wallet create form (SPEC 5)', () => {
  it('a valid form gives the provider input, trimmed, with no nickname as null', () => {
    expect(checkWalletCreate({ ...valid, firstName: ' Ada ' })).toEqual({
      ok: true,
      input: { phoneNumber: '5551234567', firstName: 'Ada', lastName: 'Lovelace', nickname: null },
    });
    expect(checkWalletCreate({ ...valid, nickname: 'ada' })).toMatchObject({ ok: true, input: { nickname: 'ada' } });
  });

  it.each([
    [{ phone: '555' }, 'phone', ONBOARDING_TEXTS.phoneFormat],
    [{ firstName: '  ' }, 'firstName', ONBOARDING_TEXTS.firstNameRequired],
    [{ lastName: '' }, 'lastName', ONBOARDING_TEXTS.lastNameRequired],
    [{ firstName: 'A'.repeat(21) }, 'firstName', ONBOARDING_TEXTS.firstNameTooLong],
    [{ lastName: 'B'.repeat(21) }, 'lastName', ONBOARDING_TEXTS.lastNameTooLong],
    [{ nickname: 'n'.repeat(21) }, 'nickname', ONBOARDING_TEXTS.nicknameTooLong],
  ])('%j is refused on %s with its text', (patch, field, text) => {
    const result = checkWalletCreate({ ...valid, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ [field]: text });
  });

  it('20 characters (counted as people see them) is the most a name may have', () => {
    expect(checkWalletCreate({ ...valid, firstName: 'é'.repeat(20) }).ok).toBe(true);
    expect(checkWalletCreate({ ...valid, firstName: '😀'.repeat(20) }).ok).toBe(true);
  });

  it('Verify is possible once a code is typed', () => {
    expect(canSubmitCode('')).toBe(false);
    expect(canSubmitCode('  ')).toBe(false);
    expect(canSubmitCode('123456')).toBe(true);
  });
});

describe('the identity form (SPEC 2, 5)', () => {
  it.each([
    ['0', '0'],
    ['012', '01/2'],
    ['01021990', '01/02/1990'],
    ['01/02/19901', '01/02/1990'],
  ])('the date of birth %j shows %j', (typed, shown) => {
    expect(formatDateOfBirth(typed)).toBe(shown);
  });

  it.each([
    ['01/02/1990', '1990-01-02'],
    ['02/29/2000', '2000-02-29'],
    ['02/29/1900', null],
    ['02/30/1990', null],
    ['13/01/1990', null],
    ['00/10/1990', null],
    ['12/31/1899', null],
    ['1/2/1990', null],
  ])('%j names %j', (text, iso) => {
    expect(parseDateOfBirth(text)).toBe(iso);
  });

  it('judges the date only once ten characters are typed', () => {
    expect(dateOfBirthError('13/0')).toBeNull();
    expect(dateOfBirthError('13/01/1990')).toBe(ONBOARDING_TEXTS.dateOfBirthInvalid);
    expect(dateOfBirthError('12/01/1990')).toBeNull();
  });

  it('every real date round-trips through the form', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(parseDateOfBirth(formatDateOfBirth(`${m}${day}${y}`))).toBe(iso);
      }),
    );
  });

  it('photo IDs are png, jpg and jpeg only', () => {
    expect(['image/png', 'image/jpg', 'image/jpeg', 'IMAGE/PNG'].every(isPhotoIdType)).toBe(true);
    expect(['image/gif', 'application/pdf', 'image/webp', ''].some(isPhotoIdType)).toBe(false);
  });

  it('citizenship lists the 249 countries, the United States first, then by name', () => {
    const list = citizenshipCountries();
    expect(list).toHaveLength(249);
    expect(CITIZENSHIP_CODES).toHaveLength(249);
    expect(list[0]).toEqual({ code: 'US', name: 'United States' });
    expect(list[1]!.name).toBe('Afghanistan');
    expect(new Set(list.map((c) => c.code)).size).toBe(249);
    expect(isCitizenshipCode('CA')).toBe(true);
    expect(isCitizenshipCode('EU')).toBe(false);
  });
});

describe('tax information (SPEC 9: above $600 for US withdrawals)', () => {
  it.each([
    ['us', 0n, 60_000n, false],
    ['us', 0n, 60_001n, true],
    ['us', 59_999n, 1n, false],
    ['us', 59_999n, 2n, true],
    ['ca', 100_000n, 100_000n, false],
  ] as const)('%s, %s withdrawn this year, %s more: %s', (region, year, amount, needed) => {
    expect(taxInfoNeeded(region, year, amount)).toBe(needed);
  });

  it('asks exactly when the year total passes the threshold', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (year, amount) => {
          expect(taxInfoNeeded('us', year, amount)).toBe(year + amount > TAX_INFO_THRESHOLD_CENTS);
        },
      ),
    );
  });
});
