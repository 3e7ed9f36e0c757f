import { MATCH_TEXTS } from '@rush/domain';
import { ApiError, errorText } from '../../api/http.ts';
import { LocationError } from '../wallet/index.ts';

/**
 * Why a game could not start, as the wizard, the match screen and the challenge card show it:
 * the SPEC text, and the code deciding what goes with it (SPEC 5, 6, 8):
 * - `wallet`: the text with DEPOSIT FUNDS to /wallet;
 * - `noBalance`: the wallet warning with a link to /wallet;
 * - `paused`: the announcement instead of the text;
 * - `login`: the viewer goes to /login;
 * - anything else: the text alone.
 */
export interface MatchRefusal {
  code: string;
  message: string;
}

/** A failed matchmaking call as a refusal (the server's text; the browser's for the location). */
export function refusalOf(error: unknown): MatchRefusal {
  if (error instanceof LocationError) return { code: 'location', message: error.message };
  if (error instanceof ApiError) {
    if (error.code === 'MATCH_REFUSED') return { code: error.fields.reason ?? 'refused', message: error.message };
    if (error.code === 'UNAUTHENTICATED') return { code: 'login', message: error.message };
    // TOO_SOON: the call was ignored (SPEC 9); say so rather than leave the click unanswered.
    if (error.code === 'TOO_SOON') return { code: 'tooSoon', message: MATCH_TEXTS.tooSoon };
    return { code: error.code, message: error.message };
  }
  return { code: 'error', message: errorText(error) };
}
