/** The fair-play module's public surface (issue 14): other modules and the composition root import only this. */
export { PayoutGate, payoutWaitsForAnalysis, type PayoutDecision } from './gate.ts';
export { registerFairplay, type FairplayModule } from './module.ts';
// One game's analysis on its own, for the fair-play benchmark.
export { analyseGame } from './analyser.ts';
export { underSuspicion } from './suspicion.ts';
// The flags table the admin console lists and edits (read and written through here, never schema.ts).
export { fairPlayFlags } from './schema.ts';
