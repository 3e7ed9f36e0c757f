/** reports' public surface: the button that reports an opponent. The bug report form is loaded by app/. */
export { ReportOpponentButton } from './ReportOpponentButton.tsx';
