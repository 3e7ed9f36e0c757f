// PGlite in a worker thread (issue 35): the embedded database runs its statements here, beside
// the event loop that referees games, not on it. Plain JavaScript so the thread needs no loader.
// The main side is pglite-thread.ts; the protocol is { id, op, ... } in, { id, ok | error } out.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { namedRunner } from './pglite-named.mjs';

/** @type {PGlite | null} */
let pg = null;
/** @type {ReturnType<typeof namedRunner> | null} */
let runNamed = null;
/** Open transactions by id: the PGlite transaction handle and how to end it. */
const txs = new Map();
const ROLLBACK = Symbol('rollback');

/** A database error's SQLSTATE, constraint and the rest travel as own fields (an Error's would not). */
function describe(err) {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const out = { message: String(err.message ?? err), name: String(err.name ?? 'Error') };
  for (const key of Object.keys(err)) {
    const value = err[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const fail = (id, err) => parentPort.postMessage({ id, ok: false, error: describe(err) });

async function open({ dataDir, textTypes }) {
  pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // Drizzle wants these types as text and maps them itself (pglite-parsers.ts): installed once.
  for (const id of textTypes) pg.parsers[id] = (value) => value;
  runNamed = namedRunner(pg);
}

function begin(id) {
  let started = false;
  pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        txs.set(id, { tx, resolve, reject, endId: null });
        started = true;
        reply(id, id);
      }),
  ).then(
    () => {
      const entry = txs.get(id);
      txs.delete(id);
      reply(entry.endId, true);
    },
    (err) => {
      const entry = txs.get(id);
      txs.delete(id);
      if (!started) fail(id, err);
      else if (err === ROLLBACK) reply(entry.endId, true);
      else fail(entry.endId, err);
    },
  );
}

parentPort.on('message', (msg) => {
  const { id, op } = msg;
  if (op === 'open') {
    open(msg).then(
      () => reply(id, true),
      (err) => fail(id, err),
    );
  } else if (op === 'query') {
    const target = msg.tx === undefined ? pg : txs.get(msg.tx)?.tx;
    if (!target) return fail(id, new Error(`transaction ${msg.tx} is not open`));
    target.query(msg.sql, msg.params, msg.options).then(
      (r) => reply(id, r),
      (err) => fail(id, err),
    );
  } else if (op === 'named') {
    runNamed(msg.name, msg.text, msg.values).then(
      (rows) => reply(id, rows),
      (err) => fail(id, err),
    );
  } else if (op === 'begin') {
    begin(id);
  } else if (op === 'end') {
    const entry = txs.get(msg.tx);
    if (!entry) return fail(id, new Error(`transaction ${msg.tx} is not open`));
    entry.endId = id;
    if (msg.commit) entry.resolve();
    else entry.reject(ROLLBACK);
  } else if (op === 'close') {
    (pg ? pg.close() : Promise.resolve()).then(
      () => reply(id, true),
      (err) => fail(id, err),
    );
  } else {
    fail(id, new Error(`unknown op ${op}`));
  }
});
