/** The fair-play module's public surface (issue 14): other modules and the composition root import only this (and schema.ts). */
export { PayoutGate, payoutWaitsForAnalysis, type PayoutDecision } from './gate.ts';
export { registerFairplay, type FairplayModule } from './module.ts';
export { underSuspicion } from './suspicion.ts';
