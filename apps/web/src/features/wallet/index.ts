/**
 * wallet's public surface: the device's location (money games need it), the top-up button, the
 * Gaming pane of the account settings and the date format. The wallet page is loaded by app/.
 */
export { breakEndOf, BreakNotice, HeaderBreak } from './BreakNotice.tsx';
export { formatDateTime } from './format.ts';
export { GamingPane } from './GamingPane.tsx';
export { LocationError, locateDevice } from './location.ts';
export { TopUpButton } from './TopUpButton.tsx';
