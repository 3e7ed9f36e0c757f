/**
 * The wallet onboarding forms (SPEC 2 Wallet, SPEC 5 "Wallet create" and "Identity form"): what
 * a person types, as the provider receives it, and the texts of what is wrong. The web formats
 * and validates with these as the user types; the server parses the same way, so the two never
 * disagree about a phone number or a name.
 */

export const ONBOARDING_TEXTS = {
  /** SPEC 5, verbatim. */
  phoneFormat: 'The phone number must be in the format +1 (###) ###-####',
  firstNameRequired: 'First name is required.', // ours
  lastNameRequired: 'Last name is required.', // ours
  firstNameTooLong: 'First name must be at most 20 characters.', // ours
  lastNameTooLong: 'Last name must be at most 20 characters.', // ours
  nicknameTooLong: 'Nickname must be at most 20 characters.', // ours
  dateOfBirthInvalid: 'Enter a real date as MM/DD/YYYY.', // ours
  identityPhoneFormat: 'The phone number must be in the format (###) ###-####', // ours, after SPEC 2
  codeRequired: 'Enter the code we sent you by SMS.', // ours
  /** The provider refused the code without a text of its own (SPEC 4 shows its text when it gives one). */
  codeRefused: 'The verification code was not accepted. Check it or ask for a new one.', // ours
  /** SPEC 2, the identity start form and what follows it, verbatim. */
  identityTitle: 'Submit your profile to start',
  identitySubmit: 'Submit My Profile',
  identityProcessing: 'We are processing your profile. Please wait.',
  photoTitle: 'Upload a photo ID',
  photoUpload: 'Upload My Photo ID',
  photoUploading: 'Uploading your photo...',
  /** SPEC 8, verbatim. */
  photoNeeded: 'We were unable to verify your identity based on the information provided.',
} as const;

/** SPEC 5: first and last name at most 20 characters; the nickname too (the provider's username). */
export const ONBOARDING_NAME_MAX = 20;

/**
 * The digits of what was typed, without the country code: the `+1` the field shows before
 * them (the form re-formats its own text after every key), or the `1` of a pasted 11-digit number.
 */
export function phoneDigits(text: string): string {
  const digits = text
    .trim()
    .replace(/^\+1(?!\d)/, '')
    .replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * `+1 (###) ###-####` as far as it is typed: what the create form shows after each key (SPEC 5).
 * At most ten digits are kept.
 */
export function formatWalletPhone(text: string): string {
  const d = phoneDigits(text).slice(0, 10);
  if (d.length === 0) return '';
  return `+1 (${d.slice(0, 3)}${d.length >= 3 ? ')' : ''}${d.length > 3 ? ` ${d.slice(3, 6)}` : ''}${d.length > 6 ? `-${d.slice(6)}` : ''}`;
}

/** `(###) ###-####` as far as it is typed: the identity form's phone (SPEC 2). */
export function formatIdentityPhone(text: string): string {
  return formatWalletPhone(text).replace(/^\+1 /, '');
}

/** The ten digits the provider takes (SPEC 7: phone_number ten digits), or null when the text is not a full US/Canadian number. */
export function walletPhoneNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+1 \(\d{3}\) \d{3}-\d{4}$/.test(trimmed)) return null;
  const d = phoneDigits(trimmed);
  return d.length === 10 ? d : null;
}

export interface WalletCreateForm {
  phone: string;
  firstName: string;
  lastName: string;
  nickname: string;
}

export type WalletCreateErrors = Partial<Record<keyof WalletCreateForm, string>>;

/** What the provider's create-user call gets from a valid form. */
export interface WalletCreateInput {
  phoneNumber: string;
  firstName: string;
  lastName: string;
  nickname: string | null;
}

const nameError = (value: string, required: string, tooLong: string): string | undefined => {
  const v = value.trim();
  if (v === '') return required;
  return [...v].length > ONBOARDING_NAME_MAX ? tooLong : undefined;
};

/** SPEC 5 wallet create: phone format, first and last name required (max 20), nickname optional (max 20). */
export function checkWalletCreate(
  form: WalletCreateForm,
): { ok: true; input: WalletCreateInput } | { ok: false; errors: WalletCreateErrors } {
  const errors: WalletCreateErrors = {};
  const phoneNumber = walletPhoneNumber(form.phone);
  if (!phoneNumber) errors.phone = ONBOARDING_TEXTS.phoneFormat;
  const first = nameError(form.firstName, ONBOARDING_TEXTS.firstNameRequired, ONBOARDING_TEXTS.firstNameTooLong);
  if (first) errors.firstName = first;
  const last = nameError(form.lastName, ONBOARDING_TEXTS.lastNameRequired, ONBOARDING_TEXTS.lastNameTooLong);
  if (last) errors.lastName = last;
  const nickname = form.nickname.trim();
  if ([...nickname].length > ONBOARDING_NAME_MAX) errors.nickname = ONBOARDING_TEXTS.nicknameTooLong;
  if (Object.keys(errors).length > 0 || !phoneNumber) return { ok: false, errors };
  return {
    ok: true,
    input: {
      phoneNumber,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      nickname: nickname === '' ? null : nickname,
    },
  };
}

/** `##/##/####` as far as it is typed (the identity form's date of birth, SPEC 2). */
export function formatDateOfBirth(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter((p) => p !== '').join('/');
}

/**
 * The date a complete `MM/DD/YYYY` names, as `YYYY-MM-DD`, or null when it names none (13/40,
 * 02/30, a year before 1900). SPEC 5: judged only once all ten characters are typed.
 */
export function parseDateOfBirth(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** SPEC 5 identity form: an error for the date of birth only once it is ten characters long. */
export function dateOfBirthError(text: string): string | null {
  return text.length === 10 && parseDateOfBirth(text) === null ? ONBOARDING_TEXTS.dateOfBirthInvalid : null;
}

/** SPEC 2: png, jpg and jpeg only; any other file is ignored without a word (SPEC 5). */
export const PHOTO_ID_MIME_TYPES = ['image/png', 'image/jpg', 'image/jpeg'] as const;
export const isPhotoIdType = (mime: string): boolean =>
  (PHOTO_ID_MIME_TYPES as readonly string[]).includes(mime.toLowerCase());

/** The verify form: Verify stays disabled until a code is typed (SPEC 5). */
export const canSubmitCode = (code: string): boolean => code.trim() !== '';
