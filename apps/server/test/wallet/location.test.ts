import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { TEXTS, type IpPlace } from '@rush/domain';
import { ManualClock } from '../../src/platform/clock.ts';
import { BuiltinIdentity } from '../../src/modules/wallet/identity/builtin.ts';
import { REGIONS_FILE, regionIndex } from '../../src/modules/wallet/identity/geo-data.ts';
import { destination, devicePlaceAt, regionIndexFromGeoJson } from '../../src/modules/wallet/identity/geo.ts';
import { FLAG_TEXTS } from '../../src/modules/wallet/identity/port.ts';
import { IpLocator, isPrivateAddress, REGION_CODES, regionCodeOf } from '../../src/platform/geo/ip-place.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as never;

describe('point in polygon (which-polygon)', () => {
  const square = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { code: 'XX-SQ' },
        geometry: {
          type: 'Polygon',
          coordinates: [
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
          ],
        },
      },
      { type: 'Feature', properties: { name: 'no code' }, geometry: null },
    ],
  };
  it.each([
    [1, 1, 'XX-SQ'],
    [5, 5, null], // in the hole
    [11, 5, null],
    [9.99, 9.99, 'XX-SQ'],
    [-0.01, 5, null],
  ])('(lon %s, lat %s) -> %s', (x, y, code) => {
    expect(regionIndexFromGeoJson(square).at(y, x)).toBe(code);
  });
  it('refuses data that is not a FeatureCollection of coded polygons', () => {
    expect(() => regionIndexFromGeoJson({})).toThrow();
    expect(() => regionIndexFromGeoJson({ features: [] })).toThrow();
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
    expect((await regionIndex()).at(lat, lon)).toBe(code);
  });

  it.each([
    ['Chicago', 41.8781, -87.6298, 10, 'US-IL', 'clear'],
    ['Phoenix (AZ): refused whatever surrounds it', 33.4484, -112.074, 10, 'US-AZ', 'clear'],
    ['Southaven, MS, 1 km from Tennessee', 34.989, -90.0126, 10, 'US-MS', 'margin'],
    ['Bristol, VA, on the Tennessee line (in Tennessee in the data)', 36.5951, -82.1887, 10, 'US-TN', 'clear'],
    ['Virginia, 1.5 km north of the Tennessee line', 36.61, -82.19, 10, 'US-VA', 'margin'],
    ['Virginia, about 4 km north of the Tennessee line', 36.63, -82.19, 10, 'US-VA', 'review'],
    ['Virginia, 7 km north of the Tennessee line', 36.66, -82.19, 10, 'US-VA', 'clear'],
    ['the same place with a 4.5 km uncertainty: inside the strict circle', 36.63, -82.19, 4_500, 'US-VA', 'margin'],
    ['Philadelphia, 25 km from Delaware, precise fix', 39.9526, -75.1652, 10, 'US-PA', 'clear'],
    ['Philadelphia with a 40 km uncertainty', 39.9526, -75.1652, 40_000, 'US-PA', 'margin'],
    ['Mexico City', 19.4326, -99.1332, 10, null, 'clear'],
  ])('%s (%s, %s ±%s m) -> %s, %s', async (_name, lat, lon, accuracy, region, border) => {
    expect(devicePlaceAt(await regionIndex(), lat, lon, accuracy)).toEqual({ region, border });
  });
});

describe('IP address -> place (GeoLite2 City through maxmind)', () => {
  const locator = new IpLocator();
  // Public addresses checked against this very database (the answers are asserted below, so a
  // database update that moves one fails here first, not in the identity tests).
  it.each<[string, IpPlace]>([
    ['72.229.28.185', { kind: 'listed', country: 'US', region: 'US-NY' }],
    ['69.141.0.1', { kind: 'listed', country: 'US', region: 'US-NJ' }],
    ['63.152.0.1', { kind: 'listed', country: 'US', region: 'US-IA' }],
    ['24.48.0.1', { kind: 'listed', country: 'CA', region: 'CA-QC' }],
    ['2607:fea8::1', { kind: 'listed', country: 'CA', region: 'CA-ON' }],
    ['::ffff:72.229.28.185', { kind: 'listed', country: 'US', region: 'US-NY' }],
    ['8.8.8.8', { kind: 'listed', country: 'US', region: null }],
    ['81.2.69.142', { kind: 'listed', country: 'GB', region: null }],
    ['1.1.1.1', { kind: 'unlisted' }],
    ['not-an-address', { kind: 'unlisted' }],
    ['127.0.0.1', { kind: 'private' }],
    ['::1', { kind: 'private' }],
    ['::ffff:127.0.0.1', { kind: 'private' }],
    ['10.1.2.3', { kind: 'private' }],
    ['172.16.0.1', { kind: 'private' }],
    ['172.31.255.255', { kind: 'private' }],
    ['192.168.1.1', { kind: 'private' }],
    ['169.254.0.5', { kind: 'private' }],
    ['fd12:3456::1', { kind: 'private' }],
    ['fe80::1', { kind: 'private' }],
  ])('%s -> %j', async (ip, place) => {
    expect(await locator.place(ip)).toEqual(place);
  });

  it('the private ranges end where they should', () => {
    expect(isPrivateAddress('172.32.0.1')).toBe(false);
    expect(isPrivateAddress('172.15.255.255')).toBe(false);
    expect(isPrivateAddress('11.0.0.1')).toBe(false);
    expect(isPrivateAddress('2001:db8::1')).toBe(false);
    expect(isPrivateAddress('::2')).toBe(false);
  });

  it('a missing database rejects (the caller decides how to fail), and is tried again next time', async () => {
    const broken = new IpLocator('/nonexistent/geolite2');
    await expect(broken.place('72.229.28.185')).rejects.toThrow();
    await expect(broken.place('72.229.28.185')).rejects.toThrow();
    // Private addresses never need the database.
    expect(await broken.place('127.0.0.1')).toEqual({ kind: 'private' });
    const logged: unknown[] = [];
    expect(await broken.countryOrNull('81.2.69.142', { error: (o: unknown) => void logged.push(o) })).toBeNull();
    expect(logged).toHaveLength(1);
  });

  it('maps every US state, DC and Canadian province and territory to the codes of the boundary file', async () => {
    const file = JSON.parse(await readFile(REGIONS_FILE, 'utf8')) as { features: { properties: { code: string } }[] };
    const shipped = new Set(file.features.map((f) => f.properties.code));
    const mapped = new Set(
      (['US', 'CA'] as const).flatMap((c) => Object.values(REGION_CODES[c]).map((code) => `${c}-${code}`)),
    );
    expect([...mapped].sort()).toEqual([...shipped].sort());
    expect(mapped.size).toBe(64);
    expect(regionCodeOf('US', 'District of Columbia')).toBe('US-DC');
    expect(regionCodeOf('CA', 'Quebec')).toBe('CA-QC');
    expect(regionCodeOf('GB', 'England')).toBeNull();
    expect(regionCodeOf('US', 'Ontario')).toBeNull();
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
  const locator = new IpLocator();
  const adapter = (
    opts: {
      standing?: 'ok' | 'banned' | 'closed' | null;
      regions?: () => Promise<never>;
      ipPlace?: () => Promise<never>;
    } = {},
  ) =>
    new BuiltinIdentity({
      clock,
      log: silent,
      regions: opts.regions ?? (() => regionIndex()),
      ipPlace: opts.ipPlace ?? ((ip) => locator.place(ip)),
      accountStanding: () => Promise.resolve(opts.standing === undefined ? 'ok' : opts.standing),
    });
  const start = (a: BuiltinIdentity, deviceGps = gps(), ip: string | null = '127.0.0.1') =>
    a.startSession({ uid: 'u', type: 'PAY', deviceGps, ip });

  it('allows New York with its region, flags a refused state, a banned account, and fails closed', async () => {
    expect(await start(adapter())).toEqual({ ok: true, regionCode: 'US-NY' });
    expect(await start(adapter(), gps({ latitude: 36.1627, longitude: -86.7816 }))).toEqual({
      ok: false,
      flag: 'll-blocked',
    });
    expect(await start(adapter({ standing: 'banned' }))).toEqual({ ok: false, flag: 'id-blocked' });
    // A closed account keeps one way out: its own withdrawal (issue 33).
    expect(await start(adapter({ standing: 'closed' }))).toEqual({ ok: false, flag: 'id-blocked' });
    const withdrawal = (a: BuiltinIdentity) =>
      a.startSession({ uid: 'u', type: 'PAY', deviceGps: gps(), ip: null, purpose: 'withdrawal' });
    expect(await withdrawal(adapter({ standing: 'closed' }))).toEqual({ ok: true, regionCode: 'US-NY' });
    expect(await withdrawal(adapter({ standing: 'banned' }))).toEqual({ ok: false, flag: 'id-blocked' });
    const unable = { ok: false, message: 'Unable to process' };
    expect(await start(adapter({ standing: null }))).toEqual(unable);
    expect(await start(adapter({ regions: () => Promise.reject(new Error('no file')) as never }))).toEqual(unable);
    expect(await start(adapter(), gps({ dateTime: 'yesterday-ish' }))).toEqual(unable);
    expect(
      await start(adapter(), gps({ dateTime: new Date(clock.now().getTime() - 16 * 60_000).toISOString() })),
    ).toEqual(unable);
    expect(await start(adapter(), gps({ radius: 60_000 }))).toEqual(unable);
  });

  it('checks the device against the IP: agreeing, disagreeing, loopback, near a border, no database', async () => {
    const ok = { ok: true, regionCode: 'US-NY' };
    const blocked = { ok: false, flag: 'll-blocked' };
    expect(await start(adapter(), gps(), '72.229.28.185')).toEqual(ok); // IP in New York
    expect(await start(adapter(), gps(), '8.8.8.8')).toEqual(ok); // IP in the US, no state
    expect(await start(adapter(), gps(), '127.0.0.1')).toEqual(ok); // loopback: the device decides
    expect(await start(adapter(), gps(), null)).toEqual(ok);
    expect(await start(adapter(), gps(), '69.141.0.1')).toEqual(blocked); // IP in New Jersey
    expect(await start(adapter(), gps(), '24.48.0.1')).toEqual(blocked); // IP in Quebec
    expect(await start(adapter(), gps(), '81.2.69.142')).toEqual(blocked); // IP in England
    const review = { ok: false, message: TEXTS.locationReview };
    expect(await start(adapter(), gps(), '1.1.1.1')).toEqual(review); // a public address not placed
    expect(await start(adapter(), gps({ latitude: 36.63, longitude: -82.19 }), '127.0.0.1')).toEqual(review);
    expect(await start(adapter(), gps({ latitude: 36.61, longitude: -82.19 }), '127.0.0.1')).toEqual(blocked);
    // Arizona by GPS is refused whatever the IP says.
    expect(await start(adapter(), gps({ latitude: 33.4484, longitude: -112.074 }), '72.229.28.185')).toEqual(blocked);
    const broken = adapter({ ipPlace: () => Promise.reject(new Error('no database')) });
    expect(await start(broken, gps(), '72.229.28.185')).toEqual({ ok: false, message: 'Unable to process' });
  });

  it('the review text says what happens', () => {
    expect(TEXTS.locationReview).toMatch(/manual review/);
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
