import { describe, expect, it } from 'vitest';
import {
  checkIdentityProfile,
  IDENTITY_TEXTS,
  identityKeyText,
  identityPhoneNumber,
  normaliseName,
} from './identity.ts';
import { ONBOARDING_TEXTS } from './onboarding.ts';

const form = {
  salutation: 'Ms.',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  dateOfBirth: '12/10/1985',
  phone: '(555) 867-5309',
  citizenshipCountryCode: 'gb',
};

describe('identity start form', () => {
  it('a valid form as the provider gets it', () => {
    expect(checkIdentityProfile(form)).toEqual({
      ok: true,
      input: {
        salutation: 'Ms.',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1985-12-10',
        phoneNumber: '5558675309',
        citizenshipCountryCode: 'GB',
      },
    });
  });

  it.each([
    [{ salutation: '' }, 'salutation', IDENTITY_TEXTS.salutationRequired],
    [{ lastName: '  ' }, 'lastName', ONBOARDING_TEXTS.lastNameRequired],
    [{ firstName: 'x'.repeat(21) }, 'firstName', ONBOARDING_TEXTS.firstNameTooLong],
    [{ dateOfBirth: '13/01/1990' }, 'dateOfBirth', ONBOARDING_TEXTS.dateOfBirthInvalid],
    [{ phone: '+1 (555) 867-5309' }, 'phone', ONBOARDING_TEXTS.identityPhoneFormat],
    [{ citizenshipCountryCode: 'ZZ' }, 'citizenshipCountryCode', IDENTITY_TEXTS.citizenshipRequired],
  ])('%j -> %s', (patch, field, text) => {
    const r = checkIdentityProfile({ ...form, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual({ [field]: text });
  });

  it('the phone is exactly (###) ###-####', () => {
    expect(identityPhoneNumber('(555) 867-5309')).toBe('5558675309');
    expect(identityPhoneNumber('(555)867-5309')).toBeNull();
    expect(identityPhoneNumber('555 867 5309')).toBeNull();
  });
});

describe('identity key text', () => {
  it('names compare without case, accents, spaces or punctuation', () => {
    expect(normaliseName(" José  O'Neil-Smith ")).toBe('joseoneilsmith');
    expect(normaliseName('ÅSA')).toBe(normaliseName('asa'));
    const a = identityKeyText({
      firstName: 'José',
      lastName: "O'Neil",
      dateOfBirth: '1985-07-08',
      phoneNumber: '5553030303',
    });
    const b = identityKeyText({
      firstName: 'jose',
      lastName: 'ONEIL',
      dateOfBirth: '1985-07-08',
      phoneNumber: '5553030303',
    });
    expect(a).toBe(b);
    expect(
      identityKeyText({ firstName: 'jose', lastName: 'oneil', dateOfBirth: '1985-07-09', phoneNumber: '5553030303' }),
    ).not.toBe(a);
  });

  it('the parts cannot run into each other', () => {
    const a = identityKeyText({
      firstName: 'Ann',
      lastName: 'Elise',
      dateOfBirth: '1990-01-01',
      phoneNumber: '5550000000',
    });
    const b = identityKeyText({
      firstName: 'Anne',
      lastName: 'Lise',
      dateOfBirth: '1990-01-01',
      phoneNumber: '5550000000',
    });
    expect(a).not.toBe(b);
  });
});
