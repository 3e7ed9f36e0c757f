import { cashLocationVerdict, type CashLocationVerdict } from '@rush/domain';

/** [longitude, latitude], GeoJSON order. */
type Position = readonly [number, number];
type Ring = readonly Position[];
/** Outer ring first, then holes. */
type Polygon = readonly Ring[];

export interface RegionShape {
  code: string;
  polygons: readonly Polygon[];
  bbox: readonly [number, number, number, number];
}

/**
 * Ray casting over every ring of a polygon: a point inside the outer ring and inside a hole
 * crosses an even number of edges, so holes need no special case.
 */
export function pointInPolygon(lon: number, lat: number, polygon: Polygon): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
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

/** Builds the lookup shapes from a GeoJSON FeatureCollection of Polygon/MultiPolygon with `properties.code`. */
export function shapesFromGeoJson(json: unknown): RegionShape[] {
  const features = (json as { features?: unknown }).features;
  if (!Array.isArray(features)) throw new Error('not a FeatureCollection');
  const shapes: RegionShape[] = [];
  for (const f of features as {
    properties?: { code?: unknown };
    geometry?: { type?: unknown; coordinates?: unknown };
  }[]) {
    const code = f.properties?.code;
    const g = f.geometry;
    if (typeof code !== 'string' || !g) continue;
    const polygons = (
      g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []
    ) as Polygon[];
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const polygon of polygons)
      for (const [x, y] of polygon[0] ?? []) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    shapes.push({ code, polygons, bbox: [minX, minY, maxX, maxY] });
  }
  return shapes;
}

/** The region a point is in, or null (sea, lakes, or outside the US and Canada). */
export function regionAt(shapes: readonly RegionShape[], lat: number, lon: number): string | null {
  for (const s of shapes) {
    const [minX, minY, maxX, maxY] = s.bbox;
    if (lon < minX || lon > maxX || lat < minY || lat > maxY) continue;
    if (s.polygons.some((p) => pointInPolygon(lon, lat, p))) return s.code;
  }
  return null;
}

/** Below this, a fix is treated as this uncertain anyway: the data is accurate to about 1 km. */
export const BORDER_MARGIN_M = 2_000;

/**
 * Where cash play stands for a device fix. The centre must be in an allowed region, and no
 * point of the uncertainty circle (the fix's accuracy, at least the 2 km margin) may fall in a
 * refused state: near a refused border is refused, never allowed (data README). Circle points
 * in no region (sea, lakes, the other side of an outer border) are not held against the fix,
 * so coasts work; the Mexican border strip is the known gap the real provider closes.
 */
export function cashVerdictAt(
  shapes: readonly RegionShape[],
  lat: number,
  lon: number,
  accuracyM: number,
): { verdict: CashLocationVerdict; code: string | null } {
  const code = regionAt(shapes, lat, lon);
  const verdict = cashLocationVerdict(code);
  if (verdict !== 'allowed') return { verdict, code };
  const radius = Math.max(accuracyM, BORDER_MARGIN_M);
  for (const [distance, steps] of [
    [radius, 24],
    [radius / 2, 12],
  ] as const) {
    for (let i = 0; i < steps; i++) {
      const p = destination(lat, lon, distance, (360 / steps) * i);
      if (cashLocationVerdict(regionAt(shapes, p.lat, p.lon)) === 'refusedRegion')
        return { verdict: 'refusedRegion', code };
    }
  }
  return { verdict, code };
}
