import { loadOnce } from './loadOnce.ts';
import { isChunkLoadError, mayReloadForNewBuild, reloadForNewBuild } from './chunkReload.ts';
import type * as ProtocolSchemas from './schemas.ts';

/** The protocol's schemas, once loaded (everything `@rush/protocol` exports). */
export type Schemas = typeof ProtocolSchemas;

/**
 * Loaded once for the page; a failed load is tried again by the next call. HTTP calls wait for
 * it alongside their answer, the socket before it opens. A chunk a deploy removed (a tab older
 * than the build) reloads the page for the new build, as a route's code does (chunkReload.ts):
 * without the schemas no answer could be read.
 */
const schemas = loadOnce(
  () => import('./schemas.ts'),
  (error) => {
    if (isChunkLoadError(error) && mayReloadForNewBuild()) reloadForNewBuild();
  },
);

export const loadSchemas = (): Promise<Schemas> => schemas.load();

/**
 * The schemas, for code that only runs once they are loaded: what the socket delivers (it opens
 * only after `loadSchemas`) and what follows from it. Anything else awaits `loadSchemas`.
 */
export function loadedSchemas(): Schemas {
  const loaded = schemas.loaded();
  if (!loaded) throw new Error('The protocol schemas are used before they were loaded (loadSchemas).');
  return loaded;
}

export const schemasLoaded = (): boolean => schemas.loaded() !== null;
