import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { fetchUnlessReplaced, markedKeys, replaceFromEvent } from './event-wins.ts';

/** One observed query whose fetches are answered when the test says. */
function setup(key: readonly unknown[] = ['matchmaking', 'current']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: ((v: string) => void)[] = [];
  const failures: ((e: Error) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: key,
    queryFn: fetchUnlessReplaced(
      client,
      key,
      () =>
        new Promise<string>((answer, fail) => {
          answers.push(answer);
          failures.push(fail);
        }),
    ),
  });
  const off = observer.subscribe(() => {});
  return { client, answers, failures, off, key, observer };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an event beside a fetch in flight', () => {
  it('keeps the event when the fetch that began before it answers after it (the player left on "starting")', async () => {
    const { client, answers, off, key } = setup();
    // The GET read the record while it was still starting; before its answer arrives, the event
    // says the game began.
    replaceFromEvent(client, key, 'playing');
    answers[0]!('starting');
    await tick();
    expect(client.getQueryData(key)).toBe('playing');
    off();
  });

  it('stores what a fetch read when no event came while it was in flight', async () => {
    const { client, answers, off, key } = setup();
    answers[0]!('starting');
    await tick();
    expect(client.getQueryData(key)).toBe('starting');
    off();
  });

  it('lets a fetch begun after the event store its answer (a resync reads afresh)', async () => {
    const { client, answers, off, key } = setup();
    replaceFromEvent(client, key, 'matched');
    answers[0]!('searching');
    await tick();
    expect(client.getQueryData(key)).toBe('matched');
    const refetched = client.refetchQueries({ queryKey: key });
    await tick();
    answers[1]!('playing');
    await refetched;
    await tick();
    expect(client.getQueryData(key)).toBe('playing');
    off();
  });

  it('keeps the event when the fetch in flight fails: its value, not an error', async () => {
    const { client, failures, off, key, observer } = setup();
    replaceFromEvent(client, key, 'playing');
    failures[0]!(new Error('network'));
    await tick();
    expect(client.getQueryData(key)).toBe('playing');
    expect(observer.getCurrentResult().status).toBe('success');
    off();
  });

  it('still fails a fetch that no event replaced', async () => {
    const { failures, off, observer } = setup();
    failures[0]!(new Error('network'));
    await tick();
    expect(observer.getCurrentResult().status).toBe('error');
    off();
  });

  it('marks keys apart: an event on one key leaves a fetch of another alone', async () => {
    const { client, answers, off, key } = setup(['lobbies']);
    replaceFromEvent(client, ['app-state'], 'paused');
    answers[0]!('two lobbies');
    await tick();
    expect(client.getQueryData(key)).toBe('two lobbies');
    off();
  });

  it("drops a key's mark with its query, and keeps the one a fetch in flight still needs", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
    const key = ['matchmaking', 'current'];
    const answers: ((v: string) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: fetchUnlessReplaced(client, key, () => new Promise<string>((answer) => answers.push(answer))),
    });
    const off = observer.subscribe(() => {});
    // A long session: events of fifty lobbies nobody looks at any more, and one of the watched key.
    for (let i = 0; i < 50; i++) replaceFromEvent(client, ['battle', 'lobby', `l${i}`], { id: i });
    replaceFromEvent(client, key, 'playing');
    expect(markedKeys(client)).toBe(51);
    await tick();
    expect(markedKeys(client)).toBe(1);
    answers[0]!('starting');
    await tick();
    expect(client.getQueryData(key)).toBe('playing');
    off();
  });
});
