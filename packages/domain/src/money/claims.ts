import { units } from './currency.ts';

/**
 * SPEC 9 claims: a dispute is notified this many days before either side starts formal
 * proceedings, and claims above the threshold go to binding individual arbitration. No code
 * decides a claim; the Terms and the FAQ quote these, so they sit with the money figures.
 */
export const DISPUTE_NOTICE_DAYS = 60;
export const ARBITRATION_THRESHOLD = units(10_000);
