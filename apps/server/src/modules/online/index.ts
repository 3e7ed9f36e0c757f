/** The online module's public surface: other modules and the composition root import only this. */
export { registerOnline } from './module.ts';
