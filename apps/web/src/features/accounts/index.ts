/**
 * accounts' public surface for the other features: linking the chess account, the verification
 * mail, a setting toggle and the form field errors. Its pages and overlays (sign-in, settings,
 * the Lichess callback) are loaded by app/ from their own files, on demand.
 */
export {
  LICHESS_LINK_HINT,
  LINK_REWARD,
  LINK_REWARD_TEXT,
  linkedText,
  useChessLink,
  type LinkedNotice,
} from './linkChess.ts';
export { useFieldErrors } from './useFieldErrors.ts';
export { useSettingToggle } from './useSettingToggle.ts';
export { ResendEmail } from './verify/ResendEmail.tsx';
