import { formatMinor } from '@rush/domain';

/** Amounts inside texts: "1,250.00" (the texts add the dollar sign). */
export const money = (minor: bigint): string => formatMinor(minor);

/** Dates inside texts, unambiguous for every reader: "2026/03/17 12:00 UTC" (SPEC dates are YYYY/MM/DD). */
export const when = (d: Date): string => `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;
