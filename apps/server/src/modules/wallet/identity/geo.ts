import type { Feature, MultiPolygon, Polygon } from 'geojson';
import whichPolygon from 'which-polygon';
import { borderRadii, cashLocationVerdict, type BorderProximity, type DevicePlace } from '@rush/domain';

/**
 * A point-in-polygon index over the region boundaries: which-polygon puts each polygon's bounding
 * box in an R-tree (rbush) and ray-casts only the few whose box holds the point, so a lookup is
 * microseconds and the border circles below can afford hundreds of them.
 */
export interface RegionIndex {
  /** ISO 3166-2 code of the region at (lat, lon), or null (sea, lakes, outside the US and Canada). */
  at(lat: number, lon: number): string | null;
}

/** Builds the index from a GeoJSON FeatureCollection of Polygon/MultiPolygon with `properties.code`. */
export function regionIndexFromGeoJson(json: unknown): RegionIndex {
  const features = (json as { features?: unknown }).features;
  if (!Array.isArray(features)) throw new Error('not a FeatureCollection');
  // Coded polygons only: which-polygon skips other geometries itself, but a feature without a
  // code would answer a region we cannot name.
  const usable: Feature<Polygon | MultiPolygon, { code: string }>[] = [];
  for (const f of features as { properties?: { code?: unknown }; geometry?: { type?: unknown } | null }[]) {
    const code = f.properties?.code;
    const type = f.geometry?.type;
    if (typeof code !== 'string' || (type !== 'Polygon' && type !== 'MultiPolygon')) continue;
    usable.push({ type: 'Feature', properties: { code }, geometry: f.geometry as Polygon | MultiPolygon });
  }
  if (usable.length === 0) throw new Error('no region polygons');
  const query = whichPolygon({ type: 'FeatureCollection', features: usable });
  return { at: (lat, lon) => query([lon, lat])?.code ?? null };
}

const EARTH_RADIUS_M = 6_371_000;

/** The point `distanceM` metres from (lat, lon) along `bearingDeg` (great circle). */
export function destination(
  lat: number,
  lon: number,
  distanceM: number,
  bearingDeg: number,
): { lat: number; lon: number } {
  const rad = Math.PI / 180;
  const d = distanceM / EARTH_RADIUS_M;
  const b = bearingDeg * rad;
  const p1 = lat * rad;
  const l1 = lon * rad;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return { lat: p2 / rad, lon: ((((l2 / rad + 540) % 360) + 360) % 360) - 180 };
}

/** Whether any sampled point at a distance in (inner, outer] metres from the fix lies in a refused state. */
function refusedBetween(index: RegionIndex, lat: number, lon: number, inner: number, outer: number): boolean {
  // Rings at most 1 km apart (a quarter of the band when wider), points at most 500 m apart on
  // each: a refused strip narrower than that can slip between samples; the data's own 1 km
  // precision makes finer sampling meaningless.
  const step = Math.max(1_000, (outer - inner) / 4);
  for (let r = outer; r > inner; r -= step) {
    const points = Math.max(24, Math.ceil((2 * Math.PI * r) / 500));
    for (let i = 0; i < points; i++) {
      const p = destination(lat, lon, r, (360 / points) * i);
      if (cashLocationVerdict(index.at(p.lat, p.lon)) === 'refusedRegion') return true;
    }
  }
  return false;
}

/**
 * Where a device fix is, for the domain's `cashPlaceVerdict`: the region of its centre, and how
 * close a refused state is. The strict circle (the fix's accuracy, at least 2 km) is searched
 * first, then the review band beyond it (`borderRadii`). Circle points in no region (sea, lakes,
 * the other side of an outer border) are not held against the fix, so coasts work; the Mexican
 * border strip is the known gap the real provider closes.
 */
export function devicePlaceAt(index: RegionIndex, lat: number, lon: number, accuracyM: number): DevicePlace {
  const region = index.at(lat, lon);
  // Only an allowed centre needs the circles: anything else is refused whatever surrounds it.
  if (cashLocationVerdict(region) !== 'allowed') return { region, border: 'clear' };
  const { refuse, review } = borderRadii(accuracyM);
  let border: BorderProximity = 'clear';
  if (refusedBetween(index, lat, lon, 0, refuse)) border = 'margin';
  else if (refusedBetween(index, lat, lon, refuse, review)) border = 'review';
  return { region, border };
}
