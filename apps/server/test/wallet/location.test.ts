import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEXTS } from '@rush/domain';
import { ManualClock } from '../../src/platform/clock.ts';
import { BuiltinIdentity } from '../../src/modules/wallet/identity/builtin.ts';
import { regionShapes } from '../../src/modules/wallet/identity/geo-data.ts';
import { cashVerdictAt, destination, pointInPolygon, regionAt } from '../../src/modules/wallet/identity/geo.ts';
import { FLAG_TEXTS } from '../../src/modules/wallet/identity/port.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as never;

describe('point in polygon', () => {
  const square = [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ] as const;
  it.each([
    [1, 1, true],
    [5, 5, false], // in the hole
    [11, 5, false],
    [9.99, 9.99, true],
    [-0.01, 5, false],
  ])('(%s, %s) -> %s', (x, y, inside) => {
    expect(pointInPolygon(x, y, square)).toBe(inside);
  });

  it('destination moves the requested great-circle distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.integer({ min: 0, max: 359 }),
        (lat, lon, b) => {
          const p = destination(lat, lon, 2000, b);
          const rad = Math.PI / 180;
          const d =
            2 *
            6_371_000 *
            Math.asin(
              Math.sqrt(
                Math.sin(((p.lat - lat) * rad) / 2) ** 2 +
                  Math.cos(lat * rad) * Math.cos(p.lat * rad) * Math.sin(((p.lon - lon) * rad) / 2) ** 2,
              ),
            );
          expect(Math.abs(d - 2000)).toBeLessThan(1);
        },
      ),
    );
  });
});

describe('US and Canada regions (Natural Earth admin-1)', () => {
  it.each([
    [40.7128, -74.006, 'US-NY'],
    [43.6532, -79.3832, 'CA-ON'],
    [49.2827, -123.1207, 'CA-BC'],
    [38.8977, -77.0365, 'US-DC'],
    [33.4484, -112.074, 'US-AZ'],
    [47.5605, -52.7126, 'CA-NL'],
    [21.3069, -157.8583, 'US-HI'],
    [19.4326, -99.1332, null],
    [51.5072, -0.1276, null],
  ])('(%s, %s) is in %s', async (lat, lon, code) => {
    expect(regionAt(await regionShapes(), lat, lon)).toBe(code);
  });

  it.each([
    ['Chicago', 41.8781, -87.6298, 10, 'allowed'],
    ['Phoenix (AZ)', 33.4484, -112.074, 10, 'refusedRegion'],
    ['Baltimore (MD)', 39.2904, -76.6122, 10, 'refusedRegion'],
    ['Mexico City', 19.4326, -99.1332, 10, 'outside'],
    ['Southaven, MS, 1 km from Tennessee', 34.989, -90.0126, 10, 'refusedRegion'],
    ['Bristol, VA, on the Tennessee line', 36.5951, -82.1887, 10, 'refusedRegion'],
    ['Philadelphia, 25 km from Delaware, precise fix', 39.9526, -75.1652, 10, 'allowed'],
    ['Philadelphia with a 40 km uncertainty', 39.9526, -75.1652, 40_000, 'refusedRegion'],
  ])('%s (%s, %s ±%s m) -> %s', async (_name, lat, lon, accuracy, verdict) => {
    expect(cashVerdictAt(await regionShapes(), lat, lon, accuracy).verdict).toBe(verdict);
  });
});

describe('built-in identity adapter', () => {
  const clock = new ManualClock();
  const gps = (over: Partial<{ latitude: number; longitude: number; radius: number; dateTime: string }> = {}) => ({
    latitude: 40.7128,
    longitude: -74.006,
    radius: 10,
    altitude: null,
    speed: null,
    dateTime: clock.now().toISOString(),
    ...over,
  });
  const adapter = (opts: { blocked?: boolean | null; shapes?: () => Promise<never> } = {}) =>
    new BuiltinIdentity({
      clock,
      log: silent,
      shapes: opts.shapes ?? (() => regionShapes()),
      accountBlocked: () => Promise.resolve(opts.blocked === undefined ? false : opts.blocked),
    });
  const start = (a: BuiltinIdentity, deviceGps = gps()) => a.startSession({ uid: 'u', type: 'PAY', deviceGps });

  it('allows New York with its region, flags a refused state, a banned account, and fails closed', async () => {
    expect(await start(adapter())).toEqual({ ok: true, regionCode: 'US-NY' });
    expect(await start(adapter(), gps({ latitude: 36.1627, longitude: -86.7816 }))).toEqual({
      ok: false,
      flag: 'll-blocked',
    });
    expect(await start(adapter({ blocked: true }))).toEqual({ ok: false, flag: 'id-blocked' });
    const unable = { ok: false, message: 'Unable to process' };
    expect(await start(adapter({ blocked: null }))).toEqual(unable);
    expect(await start(adapter({ shapes: () => Promise.reject(new Error('no file')) as never }))).toEqual(unable);
    expect(await start(adapter(), gps({ dateTime: 'yesterday-ish' }))).toEqual(unable);
    expect(
      await start(adapter(), gps({ dateTime: new Date(clock.now().getTime() - 16 * 60_000).toISOString() })),
    ).toEqual(unable);
    expect(await start(adapter(), gps({ radius: 60_000 }))).toEqual(unable);
  });

  it('the flags carry the SPEC 8 texts, with the product name', () => {
    expect(FLAG_TEXTS).toEqual({
      'id-ex':
        'An account for this user already exists in our system. Please sign into this account to play on RushChess. If you believe this is in error, please contact support.',
      'id-blocked': 'This account is blocked from playing. If you believe this is in error, please contact support.',
      'll-blocked': 'Gaming in this location is restricted.',
    });
    expect(TEXTS.walletUnableToProcess).toBe('Unable to process');
  });
});
