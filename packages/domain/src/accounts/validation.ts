import { TEXTS } from '../texts.ts';

/** SPEC 9: username 3-10; password 8-20; minimum age 18. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 10;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const MIN_AGE = 18;
export const EMAIL_MAX = 254;

const LETTERS_DIGITS_HYPHENS = /^[A-Za-z0-9-]*$/;
const STARTS_WITH_LETTER = /^[A-Za-z]/;
// Deliberately simple: one @, something before, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldError = string | null;

/** SPEC 5: register username. Required, 3-10, starts with a letter, letters/digits/hyphens. */
export function validateUsername(raw: string, opts: { minimum?: boolean } = {}): FieldError {
  const name = raw.trim();
  if (name.length === 0) return TEXTS.usernameRequired;
  if (!LETTERS_DIGITS_HYPHENS.test(name)) return TEXTS.usernameSpecialChars;
  if (!STARTS_WITH_LETTER.test(name)) return TEXTS.usernameMustStartWithLetter;
  if ((opts.minimum ?? true) && name.length < USERNAME_MIN) return TEXTS.usernameTooShort;
  if (name.length > USERNAME_MAX) return TEXTS.usernameTooLong;
  return null;
}

/** SPEC 5: "Change username: same but no minimum". */
export function validateUsernameChange(raw: string): FieldError {
  return validateUsername(raw, { minimum: false });
}

export function validateEmail(raw: string): FieldError {
  const email = raw.trim();
  if (email.length === 0) return TEXTS.emailRequired;
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return TEXTS.emailInvalid;
  return null;
}

/** SPEC 5: password 8-20 with a symbol, a digit and a capital; messages in that order. */
export function validatePassword(pw: string): FieldError {
  if (pw.length === 0) return TEXTS.passwordRequired;
  if (pw.length < PASSWORD_MIN) return TEXTS.passwordTooShort;
  if (pw.length > PASSWORD_MAX) return TEXTS.passwordTooLong;
  if (!/[^A-Za-z0-9]/.test(pw)) return TEXTS.passwordSymbol;
  if (!/[0-9]/.test(pw)) return TEXTS.passwordNumber;
  if (!/[A-Z]/.test(pw)) return TEXTS.passwordCapital;
  return null;
}

export function validateConfirm(pw: string, confirm: string): FieldError {
  return pw === confirm ? null : TEXTS.confirmMismatch;
}

export interface DateOfBirth {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

/** The stored form of a date of birth: YYYY-MM-DD. */
export const dateOfBirthIso = (d: DateOfBirth): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export function isRealDate(d: DateOfBirth): boolean {
  if (![d.year, d.month, d.day].every(Number.isInteger)) return false;
  if (d.year < 1900 || d.month < 1 || d.month > 12 || d.day < 1) return false;
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day));
  return probe.getUTCFullYear() === d.year && probe.getUTCMonth() === d.month - 1 && probe.getUTCDate() === d.day;
}

/** Whole years between a birth date and `today` (a UTC calendar date). */
export function ageOn(dob: DateOfBirth, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = y - dob.year;
  if (m < dob.month || (m === dob.month && d < dob.day)) age -= 1;
  return age;
}

export function validateDateOfBirth(dob: DateOfBirth | null, today: Date): FieldError {
  if (!dob) return TEXTS.dobRequired;
  if (!isRealDate(dob)) return TEXTS.dobInvalid;
  if (ageOn(dob, today) < MIN_AGE) return TEXTS.underAge;
  return null;
}

export interface RegistrationInput {
  username: string;
  email: string;
  dob: DateOfBirth | null;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationInput, string>>;

/** All field errors of the register form at once (the server and the form share this). */
export function validateRegistration(input: RegistrationInput, today: Date): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const set = (k: keyof RegistrationInput, e: FieldError) => {
    if (e) errors[k] = e;
  };
  set('username', validateUsername(input.username));
  set('email', validateEmail(input.email));
  set('dob', validateDateOfBirth(input.dob, today));
  set('password', validatePassword(input.password));
  set('confirmPassword', validateConfirm(input.password, input.confirmPassword));
  if (!input.acceptTerms) errors.acceptTerms = TEXTS.termsRequired;
  return errors;
}

/** SPEC 5 login: identifier trimmed; an identifier without @ is a username. */
export function classifyIdentifier(raw: string): { kind: 'email' | 'username'; value: string } | null {
  const value = raw.trim();
  if (value.length === 0) return null;
  return { kind: value.includes('@') ? 'email' : 'username', value };
}

/** SPEC 9: masked username uses name length or 5 asterisks. */
export function maskName(name: string | null | undefined): string {
  return '*'.repeat(name && name.length > 0 ? name.length : 5);
}

const DEFAULT_NAME_PREFIX = 'Player';
/**
 * SPEC 9's bound on the number is 100000, but "Player" with five digits breaks SPEC 9's own
 * 10-character username limit; the number is drawn below the bound that keeps every name valid.
 */
export const DEFAULT_NAME_BOUND = Math.min(100_000, 10 ** (USERNAME_MAX - DEFAULT_NAME_PREFIX.length));

/** SPEC 9: random default username, Player plus a number below 100000 that fits the username rules. */
export function randomDefaultUsername(random: () => number): string {
  const n = Math.min(DEFAULT_NAME_BOUND - 1, Math.max(0, Math.floor(random() * DEFAULT_NAME_BOUND)));
  return `${DEFAULT_NAME_PREFIX}${n}`;
}
