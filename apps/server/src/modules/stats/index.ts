/** The stats module's public surface: other modules and the composition root import only this. */
export { registerStats } from './module.ts';
export type { StatsService } from './stats.service.ts';
