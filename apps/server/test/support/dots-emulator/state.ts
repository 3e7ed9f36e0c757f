import crypto from 'node:crypto';
import type http from 'node:http';
import type { DotsEmulatorOptions } from './options.ts';
import { DEFAULT_SWITCHES, type DotsSwitches, type PayoutBehaviour, type VerifyRefusalBody } from './switches.ts';
import type {
  DotsRequestLogEntry,
  EmulatedCheckout,
  EmulatedDotsUser,
  EmulatedIntent,
  EmulatedPayout,
  EmulatedTransfer,
  WebhookDelivery,
} from './types.ts';

/**
 * Everything one Dots emulator holds, shared by its endpoint files: users, checkouts, payment
 * intents, payouts, transfers (with the idempotency keys seen, docs.dots.dev "Transfers with
 * existing idempotency keys will be rejected"), the app's wallet, webhook deliveries, the request
 * log, the switches and faults; and the making of a transfer.
 */

export interface DotsFaults {
  slowMs: number;
  slowPath: string | undefined;
  fail: number;
  failPath: string | undefined;
  hang: boolean;
  hangPath: string | undefined;
  drop: number;
  dropPath: string;
}

export interface DotsState {
  readonly opts: DotsEmulatorOptions;
  /** Set once the server listens. */
  url: string;
  readonly users: Map<string, EmulatedDotsUser>;
  readonly checkouts: Map<string, EmulatedCheckout>;
  readonly intents: Map<string, EmulatedIntent>;
  readonly payouts: Map<string, EmulatedPayout>;
  readonly transfers: EmulatedTransfer[];
  readonly transferPatches: Map<string, Record<string, unknown>>;
  readonly intentPatches: Map<string, Record<string, unknown>>;
  /** Idempotency key -> the transfer first made with it. */
  readonly keys: Map<string, EmulatedTransfer>;
  readonly deliveries: WebhookDelivery[];
  readonly log: DotsRequestLogEntry[];
  readonly appWallet: { amount: number };
  /** Requests held unanswered by the hang fault. */
  readonly hung: Set<http.ServerResponse>;
  readonly switches: DotsSwitches;
  webhookUrl: string;
  payoutBehaviour: PayoutBehaviour;
  verifyRefusal: VerifyRefusalBody;
  readonly fault: DotsFaults;
  /** HTTP Basic of our client id and API key. */
  readonly expectedAuth: string;
  /** The log entry of each request, to record its status even when the caller had given up. */
  readonly entries: WeakMap<http.ServerResponse, DotsRequestLogEntry>;
}

export function createState(opts: DotsEmulatorOptions): DotsState {
  return {
    opts,
    url: '',
    users: new Map(),
    checkouts: new Map(),
    intents: new Map(),
    payouts: new Map(),
    transfers: [],
    transferPatches: new Map(),
    intentPatches: new Map(),
    keys: new Map(),
    deliveries: [],
    log: [],
    appWallet: { amount: 0 },
    hung: new Set(),
    switches: { ...DEFAULT_SWITCHES },
    webhookUrl: opts.webhookUrl ?? '',
    payoutBehaviour: 'complete',
    verifyRefusal: 'message',
    fault: {
      slowMs: 0,
      slowPath: undefined,
      fail: 0,
      failPath: undefined,
      hang: false,
      hangPath: undefined,
      drop: 0,
      dropPath: '',
    },
    expectedAuth: `Basic ${Buffer.from(`${opts.clientId}:${opts.apiKey}`).toString('base64')}`,
    entries: new WeakMap(),
  };
}

export const now = (): string => new Date().toISOString();

export function newTransfer(st: DotsState, t: Omit<EmulatedTransfer, 'id' | 'created'>): EmulatedTransfer {
  const rec: EmulatedTransfer = { id: crypto.randomUUID(), created: now(), ...t };
  st.transfers.push(rec);
  return rec;
}
