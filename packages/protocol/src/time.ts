import { z } from 'zod';

/**
 * A moment as the server writes it (`Date.prototype.toISOString`: UTC, with `Z`). One definition
 * for every view, so a value that is not a timestamp fails its parse wherever it appears.
 */
export const isoTime = z.iso.datetime();
