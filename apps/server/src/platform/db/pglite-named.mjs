// Named statements on PGlite (issue 35), shared by the in-thread client (database.ts) and the
// database thread (pglite-worker.mjs): plain JavaScript so the thread loads it without a loader.
//
// PGlite's `query` sends each statement as six protocol exchanges with the engine (parse,
// describe, bind, describe, execute, sync) on an unnamed statement, so the statement is parsed and
// planned again on every call. A named statement is parsed once per database session and then
// run as ONE exchange (bind, execute, sync): half the CPU of the move's append, measured.
import { protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

function joined(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * `runNamed(name, text, values)` for one PGlite: `values` are the parameters as text (or null),
 * the answer the rows' fields as text (or null), in column order. The statement `text` is prepared
 * under `name` on its first run (a name always means one text). Like `query` it waits for any open
 * transaction to end and for the engine to be free, and syncs the files after the write.
 */
export function namedRunner(pg) {
  const prepared = new Map();
  return function runNamed(name, text, values) {
    // PGlite's own locks (the ones `query` takes): no other statement or transaction between.
    // They are PGlite's internals, not its API: the version is pinned (STACK.md, package.json) and
    // test/platform/pglite-named.test.ts fails if an upgrade changes them.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const known = prepared.get(name);
        if (known === undefined) {
          await pg.execProtocol(joined([serialize.parse({ name, text, types: [] }), serialize.sync()]), {
            syncToFs: false,
          });
          prepared.set(name, text);
        } else if (known !== text) {
          throw new Error(`named statement ${name} was prepared with another text`);
        }
        const { messages } = await pg.execProtocol(
          joined([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        const rows = [];
        for (const m of messages) if (m.name === 'dataRow') rows.push(m.fields);
        return rows;
      }),
    );
  };
}
