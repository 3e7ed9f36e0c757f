import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { regionIndexFromGeoJson, type RegionIndex } from './geo.ts';

/** US states and Canadian provinces (Natural Earth, public domain): see data/geo/README.md. */
export const REGIONS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../data/geo/us-ca-admin1.json',
);

let loaded: Promise<RegionIndex> | null = null;

/** Read and indexed once per process, on the first location check (2.7 MB: not worth paying at start-up). */
export function regionIndex(file = REGIONS_FILE): Promise<RegionIndex> {
  loaded ??= readFile(file, 'utf8')
    .then((text) => regionIndexFromGeoJson(JSON.parse(text)))
    .catch((e: unknown) => {
      loaded = null; // a later check tries again rather than failing for the life of the process
      throw e;
    });
  return loaded;
}
