/** The reports module's public surface: other modules and the composition root import only this. */
export { registerReports } from './module.ts';
export type { ReportsService } from './reports.service.ts';
