/**
 * reality-check's public surface (issue 37): the interval chooser of the Gaming pane. Its host
 * (the dialog between games) is loaded by app/ from its own file.
 */
export { RealityCheckSection } from './RealityCheckSection.tsx';
