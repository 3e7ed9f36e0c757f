/** The reports module's public surface: other modules and the composition root import only this. */
export { registerReports } from './module.ts';
export type { ReportsService } from './reports.service.ts';
// The reports table the admin console counts per user (read only, through here, never schema.ts).
export { playerReports } from './schema.ts';
