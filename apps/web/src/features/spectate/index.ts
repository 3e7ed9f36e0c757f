/** spectate's public surface: the spectator's page (app/ loads it on demand from its own file). */
export { SpectatePage } from './SpectatePage.tsx';
