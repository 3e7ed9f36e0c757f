/** The admin console's public surface: the composition root imports only this. */
export { registerAdmin } from './module.ts';
export type { ConsolePorts } from './ports.ts';
export type { LossLimitInForce, LossLimitUsage } from './review.ports.ts';
