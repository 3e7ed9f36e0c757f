/** The admin module's public surface: other modules and the composition root import only this (and schema.ts). */
export { requireAdmin, targetUid } from './access.ts';
export { registerAdmin } from './module.ts';
