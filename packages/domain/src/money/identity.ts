import { isCitizenshipCode } from './citizenship.ts';
import {
  formatIdentityPhone,
  ONBOARDING_NAME_MAX,
  ONBOARDING_TEXTS,
  parseDateOfBirth,
  phoneDigits,
} from './onboarding.ts';

/**
 * The identity start form (SPEC 2 "Submit your profile to start", SPEC 3 Identity profile): what
 * the server checks before the identity provider sees it, and the one-person-one-account key's
 * normal form. The web shows the same texts as the user types.
 */

/** The form's salutations (SPEC 3 Salutation; the list is ours). */
export const SALUTATIONS = ['Mr.', 'Ms.', 'Mrs.', 'Mx.', 'Dr.'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

export const IDENTITY_TEXTS = {
  salutationRequired: 'Choose a salutation.', // ours
  citizenshipRequired: 'Choose your country of citizenship.', // ours
  notVerified: 'Verify your identity first: submit your profile.', // ours (SPEC 4 "profile form ... photo ID upload if not verified")
  notPhotoStep: 'No photo ID is needed now.', // ours
  photoType: 'The photo ID must be a PNG or JPEG image.', // ours (SPEC 5: png, jpg, jpeg only)
} as const;

export interface IdentityProfileForm {
  salutation: string;
  firstName: string;
  lastName: string;
  /** As typed: MM/DD/YYYY. */
  dateOfBirth: string;
  /** As typed: (###) ###-####. */
  phone: string;
  citizenshipCountryCode: string;
}

export type IdentityProfileErrors = Partial<Record<keyof IdentityProfileForm, string>>;

/** A valid profile as the provider receives it. */
export interface IdentityProfileInput {
  salutation: Salutation;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** Ten digits. */
  phoneNumber: string;
  citizenshipCountryCode: string;
}

const nameError = (value: string, required: string, tooLong: string): string | undefined => {
  const v = value.trim();
  if (v === '') return required;
  return [...v].length > ONBOARDING_NAME_MAX ? tooLong : undefined;
};

/** The identity form's phone: exactly `(###) ###-####`, ten digits. */
export function identityPhoneNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\(\d{3}\) \d{3}-\d{4}$/.test(trimmed)) return null;
  return formatIdentityPhone(trimmed) === trimmed ? phoneDigits(trimmed) : null;
}

/**
 * The server's check of a submitted profile (SPEC 5: the web blocks nothing on submit; the server
 * still refuses what the provider could not take). Names as the wallet's (required, max 20).
 */
export function checkIdentityProfile(
  form: IdentityProfileForm,
): { ok: true; input: IdentityProfileInput } | { ok: false; errors: IdentityProfileErrors } {
  const errors: IdentityProfileErrors = {};
  const salutation = SALUTATIONS.find((s) => s === form.salutation.trim());
  if (!salutation) errors.salutation = IDENTITY_TEXTS.salutationRequired;
  const first = nameError(form.firstName, ONBOARDING_TEXTS.firstNameRequired, ONBOARDING_TEXTS.firstNameTooLong);
  if (first) errors.firstName = first;
  const last = nameError(form.lastName, ONBOARDING_TEXTS.lastNameRequired, ONBOARDING_TEXTS.lastNameTooLong);
  if (last) errors.lastName = last;
  const dateOfBirth = parseDateOfBirth(form.dateOfBirth);
  if (!dateOfBirth) errors.dateOfBirth = ONBOARDING_TEXTS.dateOfBirthInvalid;
  const phoneNumber = identityPhoneNumber(form.phone);
  if (!phoneNumber) errors.phone = ONBOARDING_TEXTS.identityPhoneFormat;
  const country = form.citizenshipCountryCode.trim().toUpperCase();
  if (!isCitizenshipCode(country)) errors.citizenshipCountryCode = IDENTITY_TEXTS.citizenshipRequired;
  if (Object.keys(errors).length > 0 || !salutation || !dateOfBirth || !phoneNumber) return { ok: false, errors };
  return {
    ok: true,
    input: {
      salutation,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      dateOfBirth,
      phoneNumber,
      citizenshipCountryCode: country,
    },
  };
}

/**
 * A name as the identity key compares it: Unicode compatibility form, accents dropped, lower
 * case, letters and digits only ("José  O'Neil-Smith" and "jose oneilsmith" are one name).
 */
export const normaliseName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The text the one-person-one-account key is computed over (the server keys it with HMAC): first
 * name, last name, date of birth (YYYY-MM-DD) and the ten phone digits, normalised, joined by a
 * separator no part can contain.
 */
export const identityKeyText = (
  p: Pick<IdentityProfileInput, 'firstName' | 'lastName' | 'dateOfBirth' | 'phoneNumber'>,
): string =>
  ['v1', normaliseName(p.firstName), normaliseName(p.lastName), p.dateOfBirth, phoneDigits(p.phoneNumber)].join('|');
