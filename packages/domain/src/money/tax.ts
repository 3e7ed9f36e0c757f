import { codePointLength, oneLine } from '../text/control.ts';
import type { PaymentRegion } from './deposits.ts';

/**
 * SPEC 9: "Tax information needed above $600 for US withdrawals". A US withdrawal that takes
 * the calendar year's withdrawals above $600.00 asks for tax details first; a Canadian one never
 * does (the threshold is a US reporting rule).
 */
export const TAX_INFO_THRESHOLD_CENTS = 60_000n;

export function taxInfoNeeded(region: PaymentRegion, withdrawnThisYearCents: bigint, amountCents: bigint): boolean {
  return region === 'us' && withdrawnThisYearCents + amountCents > TAX_INFO_THRESHOLD_CENTS;
}

/** The first instant of the UTC calendar year of `now` (the year whose withdrawals are added up). */
export function utcYearStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}

/**
 * What a US payer's information return needs, and nothing more: the legal name, the mailing
 * address and the taxpayer identification number (an SSN, ITIN or EIN: nine digits).
 */
export interface TaxDetails {
  legalName: string;
  street: string;
  city: string;
  /** Two-letter USPS code of a state, DC or a territory. */
  state: string;
  /** Five digits, or ZIP+4 as `#####-####`. */
  zip: string;
  /** Nine digits, no separators. */
  tin: string;
}
export type TaxField = keyof TaxDetails;
export type TaxDetailsInput = Record<TaxField, string>;

export const TAX_FIELD_MAX = { legalName: 100, street: 100, city: 60 } as const;

/** USPS codes of the states, DC and the territories with US tax filing. */
export const US_TAX_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

export const TAX_TEXTS = {
  required: (total: string) =>
    `Tax information is needed for US withdrawals above $600.00 in a year (with this one, $${total} this year). Please fill in your tax details to continue.`, // ours (SPEC 9)
  formTitle: 'Tax information', // ours
  formIntro:
    'US withdrawals above $600.00 in a calendar year need your tax details. They are stored encrypted and used only for tax reporting.', // ours (SPEC 9)
  legalNameRequired: 'Enter your legal name.', // ours
  legalNameTooLong: 'The legal name must be at most 100 characters.', // ours
  streetRequired: 'Enter your street address.', // ours
  streetTooLong: 'The street address must be at most 100 characters.', // ours
  cityRequired: 'Enter your city.', // ours
  cityTooLong: 'The city must be at most 60 characters.', // ours
  stateInvalid: 'Choose your state.', // ours
  zipInvalid: 'Enter a ZIP code of 5 digits (or ZIP+4, #####-####).', // ours
  tinInvalid: 'Enter your 9-digit SSN or TIN (###-##-####).', // ours
  saved: (last4: string) => `Tax details saved (TIN ending in ${last4}).`, // ours
} as const;

/** The nine digits of a typed SSN/TIN (dashes and spaces allowed), or null. */
export function tinDigits(text: string): string | null {
  const t = text.trim();
  if (!/^[\d\s-]+$/.test(t)) return null;
  const digits = t.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/**
 * Numbers the IRS never issues as SSN, ITIN or EIN: all zeros in the SSN's area, group or serial,
 * and the same digit nine times. (An ITIN starts with 9, an EIN's prefix with anything but 00, so
 * only what no scheme issues is refused.)
 */
function tinPlausible(d: string): boolean {
  if (/^(\d)\1{8}$/.test(d)) return false;
  if (d === '123456789') return false;
  if (d.startsWith('000') || d.slice(3, 5) === '00' || d.slice(5) === '0000') return false;
  return true;
}

export type TaxDetailsDecision =
  { ok: true; value: TaxDetails } | { ok: false; errors: Partial<Record<TaxField, string>> };

/** The tax form's rules, for the web as the user types and for the server on every request. */
export function validateTaxDetails(input: TaxDetailsInput): TaxDetailsDecision {
  const errors: Partial<Record<TaxField, string>> = {};
  const text = (field: 'legalName' | 'street' | 'city', required: string, tooLong: string) => {
    const v = oneLine(input[field]).replace(/\s+/g, ' ');
    if (!v) errors[field] = required;
    else if (codePointLength(v) > TAX_FIELD_MAX[field]) errors[field] = tooLong;
    return v;
  };
  const legalName = text('legalName', TAX_TEXTS.legalNameRequired, TAX_TEXTS.legalNameTooLong);
  const street = text('street', TAX_TEXTS.streetRequired, TAX_TEXTS.streetTooLong);
  const city = text('city', TAX_TEXTS.cityRequired, TAX_TEXTS.cityTooLong);
  const state = input.state.trim().toUpperCase();
  if (!(US_TAX_STATES as readonly string[]).includes(state)) errors.state = TAX_TEXTS.stateInvalid;
  const zip = input.zip.trim();
  if (!/^\d{5}(-\d{4})?$/.test(zip) || zip.startsWith('00000')) errors.zip = TAX_TEXTS.zipInvalid;
  const tin = tinDigits(input.tin);
  if (tin === null || !tinPlausible(tin)) errors.tin = TAX_TEXTS.tinInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { legalName, street, city, state, zip, tin: tin! } };
}

/** The only part of a TIN ever shown again. */
export const tinLast4 = (tin: string): string => tin.slice(-4);
