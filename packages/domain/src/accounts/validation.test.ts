import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ageOn,
  classifyIdentifier,
  maskName,
  DEFAULT_NAME_BOUND,
  randomDefaultUsername,
  validateConfirm,
  validateDateOfBirth,
  validateEmail,
  validatePassword,
  validateRegistration,
  validateUsername,
  validateUsernameChange,
} from './validation.ts';
import { TEXTS } from '../texts.ts';

const today = new Date('2026-11-22T12:00:00Z');

describe('username (SPEC 5)', () => {
  it.each([
    ['', TEXTS.usernameRequired],
    ['   ', TEXTS.usernameRequired],
    ['ab', TEXTS.usernameTooShort],
    ['abcdefghijk', TEXTS.usernameTooLong],
    ['1abc', TEXTS.usernameMustStartWithLetter],
    ['-abc', TEXTS.usernameMustStartWithLetter],
    ['ab_c', 'Special characters cannot be used'],
    ['ab c', 'Special characters cannot be used'],
    ['abé', 'Special characters cannot be used'],
    ['a@b', 'Special characters cannot be used'],
    ['abc', null],
    ['Abc-12', null],
    ['abcdefghij', null],
  ])('%j -> %j', (input, expected) => {
    expect(validateUsername(input)).toBe(expected);
  });

  it('change username has no minimum but keeps the other rules', () => {
    expect(validateUsernameChange('a')).toBeNull();
    expect(validateUsernameChange('ab')).toBeNull();
    expect(validateUsernameChange('a_b')).toBe('Special characters cannot be used');
    expect(validateUsernameChange('abcdefghijk')).toBe(TEXTS.usernameTooLong);
    expect(validateUsernameChange('')).toBe(TEXTS.usernameRequired);
  });

  it('every accepted name is 3-10 letters/digits/hyphens starting with a letter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (s) => {
        if (validateUsername(s) === null) {
          expect(s.trim()).toMatch(/^[A-Za-z][A-Za-z0-9-]{2,9}$/);
        }
      }),
    );
  });
});

describe('email (SPEC 5)', () => {
  it.each([
    ['', TEXTS.emailRequired],
    ['plain', TEXTS.emailInvalid],
    ['a@b', TEXTS.emailInvalid],
    ['a b@c.de', TEXTS.emailInvalid],
    [`${'a'.repeat(250)}@b.co`, TEXTS.emailInvalid],
    ['a@b.co', null],
    [' a@b.co ', null],
  ])('%j -> %j', (input, expected) => {
    expect(validateEmail(input)).toBe(expected);
  });
});

describe('password (SPEC 5)', () => {
  it.each([
    ['', TEXTS.passwordRequired],
    ['Ab1!', TEXTS.passwordTooShort],
    ['Abcdefg1!' + 'x'.repeat(12), TEXTS.passwordTooLong],
    ['Abcdefgh1', 'Password must contain at least 1 symbol'],
    ['Abcdefgh!', 'Password must contain at least 1 number'],
    ['abcdefg1!', 'Password must contain at least 1 capital letter'],
    ['Abcdefg1!', null],
    ['Xy3$Xy3$Xy3$Xy3$Xy3$', null],
  ])('%j -> %j', (input, expected) => {
    expect(validatePassword(input)).toBe(expected);
  });

  it('confirm must equal password', () => {
    expect(validateConfirm('Abcdefg1!', 'Abcdefg1!')).toBeNull();
    expect(validateConfirm('Abcdefg1!', 'Abcdefg1?')).toBe(TEXTS.confirmMismatch);
  });
});

describe('date of birth (SPEC 5, 9: minimum age 18)', () => {
  it.each([
    [null, TEXTS.dobRequired],
    [{ year: 2001, month: 2, day: 30 }, TEXTS.dobInvalid],
    [{ year: 2001, month: 13, day: 1 }, TEXTS.dobInvalid],
    [{ year: 2008, month: 11, day: 23 }, 'You have to be at least 18 years old to register'],
    [{ year: 2008, month: 11, day: 22 }, null],
    [{ year: 1990, month: 1, day: 1 }, null],
  ])('%j -> %j', (dob, expected) => {
    expect(validateDateOfBirth(dob, today)).toBe(expected);
  });

  it('age is monotonic in the birth date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: today, noInvalidDate: true }), (d) => {
        const dob = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
        const age = ageOn(dob, today);
        expect(age).toBeGreaterThanOrEqual(0);
        expect(validateDateOfBirth(dob, today) === null).toBe(age >= 18);
      }),
    );
  });
});

describe('registration form', () => {
  it('reports every field at once', () => {
    const errors = validateRegistration(
      { username: '1', email: 'x', dob: null, password: 'short', confirmPassword: 'other', acceptTerms: false },
      today,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'acceptTerms',
      'confirmPassword',
      'dob',
      'email',
      'password',
      'username',
    ]);
  });
  it('accepts a valid form', () => {
    expect(
      validateRegistration(
        {
          username: 'alice',
          email: 'alice@example.com',
          dob: { year: 1990, month: 5, day: 4 },
          password: 'Abcdefg1!',
          confirmPassword: 'Abcdefg1!',
          acceptTerms: true,
        },
        today,
      ),
    ).toEqual({});
  });
});

describe('login identifier (SPEC 5)', () => {
  it.each([
    ['', null],
    ['   ', null],
    [' alice ', { kind: 'username', value: 'alice' }],
    ['alice@example.com ', { kind: 'email', value: 'alice@example.com' }],
  ])('%j', (input, expected) => {
    expect(classifyIdentifier(input)).toEqual(expected);
  });
});

describe('masking and default names (SPEC 9)', () => {
  it('masks with the name length or 5', () => {
    expect(maskName('magnus')).toBe('******');
    expect(maskName('')).toBe('*****');
    expect(maskName(null)).toBe('*****');
  });
  it('default username is Player plus a number below 100000 that fits the username rules', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const name = randomDefaultUsername(() => r);
        expect(name).toMatch(/^Player\d{1,5}$/);
        expect(Number(name.slice(6))).toBeLessThan(100000);
        expect(validateUsername(name)).toBeNull();
      }),
    );
  });
  it.each([
    [0, 'Player0'],
    [0.5, 'Player5000'],
    [0.99999, 'Player9999'],
    [1, 'Player9999'], // a generator that reaches 1 still gives a valid name
  ])('random %d gives %s', (r, name) => {
    expect(DEFAULT_NAME_BOUND).toBe(10_000);
    expect(randomDefaultUsername(() => r)).toBe(name);
  });
});
