import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { reloadOnce } from './reload-once.ts';

/** A client with one observed query whose fetches are counted and answered when told to. */
function setup(
  key: readonly unknown[] = ['app-state'],
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const fetches: { signal: AbortSignal; answer: (v: number) => void }[] = [];
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: ({ signal }) => new Promise<number>((answer) => fetches.push({ signal, answer })),
  });
  const results: { isError: boolean }[] = [];
  const off = observer.subscribe((r) => results.push(r));
  return { client, fetches, off, key, results };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reloadOnce', () => {
  it('reads a loaded query once for all the listeners of one resync (the landing asked four times)', async () => {
    const { client, fetches, off, key } = setup();
    fetches[0]!.answer(1); // the first read arrived before the socket subscribed
    await tick();
    // Three screen parts listen to the topic; its `subscribed` frame calls each in one tick.
    for (let i = 0; i < 3; i++) reloadOnce(client, key);
    await tick();
    expect(fetches).toHaveLength(2);
    expect(fetches[1]!.signal.aborted).toBe(false);
    fetches[1]!.answer(7);
    await tick();
    expect(client.getQueryData(key)).toBe(7);
    off();
  });

  it('drops a first read still in flight (it may predate the subscription) and reads again, without an error', async () => {
    const { client, fetches, off, key, results } = setup();
    reloadOnce(client, key);
    reloadOnce(client, key);
    await tick();
    expect(fetches).toHaveLength(2);
    expect(fetches[0]!.signal.aborted).toBe(true);
    fetches[0]!.answer(1); // a late answer of the dropped read changes nothing
    fetches[1]!.answer(2);
    await tick();
    expect(client.getQueryData(key)).toBe(2);
    expect(results.some((r) => r.isError)).toBe(false);
    off();
  });

  it('reloads again on a later resync (a new tick)', async () => {
    const { client, fetches, off, key } = setup();
    fetches[0]!.answer(1);
    await tick();
    reloadOnce(client, key);
    await tick();
    fetches[1]!.answer(2);
    await tick();
    reloadOnce(client, key);
    reloadOnce(client, key);
    await tick();
    expect(fetches).toHaveLength(3);
    off();
  });

  it('keeps keys apart: two queries resynced in one tick both reload', async () => {
    const a = setup(['a']);
    const b = setup(['b'], a.client);
    a.fetches[0]!.answer(1);
    b.fetches[0]!.answer(1);
    await tick();
    reloadOnce(a.client, ['a']);
    reloadOnce(a.client, ['b']);
    await tick();
    expect(a.fetches).toHaveLength(2);
    expect(b.fetches).toHaveLength(2);
    a.off();
    b.off();
  });
});
