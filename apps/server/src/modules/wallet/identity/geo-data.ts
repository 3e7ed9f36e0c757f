import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shapesFromGeoJson, type RegionShape } from './geo.ts';

/** US states and Canadian provinces (Natural Earth, public domain): see data/geo/README.md. */
export const REGIONS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../data/geo/us-ca-admin1.json',
);

let loaded: Promise<RegionShape[]> | null = null;

/** Read once per process, on the first location check (2.7 MB: not worth paying at start-up). */
export function regionShapes(file = REGIONS_FILE): Promise<RegionShape[]> {
  loaded ??= readFile(file, 'utf8')
    .then((text) => shapesFromGeoJson(JSON.parse(text)))
    .catch((e: unknown) => {
      loaded = null; // a later check tries again rather than failing for the life of the process
      throw e;
    });
  return loaded;
}
