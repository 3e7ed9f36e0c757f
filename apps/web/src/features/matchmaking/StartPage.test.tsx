import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GIVEAWAY_TEXTS, MATCH_TEXTS, TEXTS } from '@rush/domain';
import { makeMe } from '../../test/fakes.ts';
import { sandboxMarks, textWithoutMarks, withSandboxMark } from '../../test/sandbox.ts';
import { removeGeolocation, stubGeolocation } from '../wallet/testing.ts';
import { makeCatalog, makeChallenge, makeOptions, makeRecord, PAUSED, refused, startMatchApp } from './testing.tsx';

const search = (app: ReturnType<typeof startMatchApp>['app']) =>
  Object.fromEntries(new URLSearchParams(app.location().search));

const radios = (name: string) =>
  within(screen.getByRole('group', { name }))
    .getAllByRole('radio')
    .map((r) => ({ label: textWithoutMarks(r.closest('label')), checked: (r as HTMLInputElement).checked }));

describe('/start wizard: defaults and corrections', () => {
  test('step 1 lists the active human game types; the query gets the defaults (first wbx option)', async () => {
    const { app } = startMatchApp('/start');
    expect(await screen.findByRole('heading', { name: 'Start a match', level: 1 })).toBeTruthy();
    expect(radios('Game type')).toEqual([
      { label: 'Blitz 3+0', checked: true },
      { label: 'Blitz 5+0', checked: false },
      { label: 'Rapid 10+0', checked: false },
    ]);
    await waitFor(() => expect(search(app)).toEqual({ step: '1', gameType: 'wmgt_000001', c: 'wbx', bet: '50' }));
  });

  test('wmgt_000001 inactive: the first active type is the default; an unknown one is corrected', async () => {
    const catalog = makeCatalog((c) => {
      const blitz = c.modes.find((m) => m.id === 'wmgt_000001');
      if (blitz) blitz.status = 'inactive';
    });
    const { app } = startMatchApp('/start?gameType=nope&c=usd&bet=7', { catalog });
    await waitFor(() => expect(search(app)).toMatchObject({ gameType: 'wmgt_000002', c: 'usd', bet: '1' }));
    // The wizard renders its choices once the address holds the corrected query.
    await waitFor(() => expect(radios('Game type').map((r) => r.label)).toEqual(['Blitz 5+0', 'Rapid 10+0']));
  });

  test('USD values the bet limit hides are not offered, and a hidden bet is corrected', async () => {
    const { app, urls } = startMatchApp('/start?step=2&gameType=wmgt_000003&c=usd&bet=25', {
      options: makeOptions({ gameType: 'wmgt_000003' }, [1, 5]),
    });
    await waitFor(() => expect(search(app)).toMatchObject({ c: 'usd', bet: '1' }));
    await waitFor(() =>
      expect(radios('Amount in USD')).toEqual([
        { label: 'USD $1', checked: true },
        { label: 'USD $5', checked: false },
      ]),
    );
    // Sandbox mode (the default config): every USD wager carries the mark.
    const usdLabels = within(screen.getByRole('group', { name: 'Amount in USD' })).getAllByRole('radio');
    expect(usdLabels.map((r) => sandboxMarks(r.closest('label')).length)).toEqual([1, 1]);
    expect(urls()).toContain('/api/matchmaking/options?gameType=wmgt_000003');
  });

  test('the currency switch and the amounts move the query; Back and Next walk the steps', async () => {
    const { app } = startMatchApp('/start?step=1');
    fireEvent.click(await screen.findByRole('radio', { name: 'Rapid 10+0' }));
    await waitFor(() => expect(search(app).gameType).toBe('wmgt_000003'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search(app).step).toBe('2'));
    const usd = await screen.findByRole('button', { name: 'USD' });
    expect(screen.getByRole('button', { name: 'RushCoins' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(usd);
    await waitFor(() => expect(search(app)).toMatchObject({ c: 'usd', bet: '1' }));
    fireEvent.click(screen.getByRole('radio', { name: withSandboxMark('USD $10') }));
    await waitFor(() => expect(search(app).bet).toBe('10'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Find Match' })).toBeTruthy();
    expect(screen.getByText('Rapid 10+0')).toBeTruthy();
    const amount = screen.getByText('USD $10');
    expect(sandboxMarks(amount)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(app).step).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(search(app).step).toBe('1'));
  });

  test('a wager with a refusal shows its text when chosen; a wallet refusal links DEPOSIT FUNDS to /wallet', async () => {
    const options = makeOptions();
    options.wagers.usd[1]!.refusal = { code: 'wallet', message: MATCH_TEXTS.realMoneyNeedsWallet };
    startMatchApp('/start?step=2&c=usd&bet=1', { options });
    await screen.findByRole('radio', { name: withSandboxMark('USD $1') });
    expect(screen.queryByText(MATCH_TEXTS.realMoneyNeedsWallet)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: withSandboxMark('USD $5') }));
    expect(await screen.findByText(MATCH_TEXTS.realMoneyNeedsWallet)).toBeTruthy();
    expect(screen.getByRole('link', { name: MATCH_TEXTS.depositFunds }).getAttribute('href')).toBe('/wallet');
  });
});

describe('/start wizard: giveaway and challenges', () => {
  test('giveaway is removed from the query for a user who is not a content creator', async () => {
    const { app } = startMatchApp('/start?step=3&giveaway');
    expect(await screen.findByRole('button', { name: 'Find Match' })).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(app.location().search).has('giveaway')).toBe(false));
    expect(screen.queryByRole('link', { name: 'Choose Friend' })).toBeNull();
  });

  test('a content creator in giveaway sees Choose Friend opening the friends list', async () => {
    const { app } = startMatchApp('/start?step=3&giveaway', { options: makeOptions({ contentCreator: true }) });
    const choose = await screen.findByRole('link', { name: 'Choose Friend' });
    expect(new URLSearchParams(app.location().search).has('giveaway')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Find Match' })).toBeNull();
    fireEvent.click(choose);
    await waitFor(() => expect(new URLSearchParams(app.location().search).has('friendslist')).toBe(true));
    expect(await screen.findByRole('dialog', { name: 'Friends' })).toBeTruthy();
  });

  const sentBack = (giveaway: boolean) => ({
    'POST /api/challenges': () => ({
      body: makeChallenge({
        from: { uid: 'u1', username: 'alice' },
        to: { uid: 'u2', username: 'bob' },
        isGiveawayMode: giveaway,
      }),
    }),
  });

  test('a content creator challenging a friend in giveaway: the amount is a prize, Play Now sends giveaway', async () => {
    const { api } = startMatchApp('/start?step=3&challengeid=u2&gameType=wmgt_000002&c=wbx&bet=200&giveaway', {
      options: makeOptions({
        gameType: 'wmgt_000002',
        contentCreator: true,
        challengee: { uid: 'u2', username: 'bob' },
      }),
      routes: sentBack(true),
    });
    expect(await screen.findByRole('heading', { name: MATCH_TEXTS.challenging('bob'), level: 1 })).toBeTruthy();
    expect(screen.getByText(GIVEAWAY_TEXTS.prizeLabel)).toBeTruthy();
    expect(screen.getByText(GIVEAWAY_TEXTS.youFund)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose Friend' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/challenges')[0]?.body).toEqual({
        uid: 'u2',
        gameType: 'wmgt_000002',
        c: 'wbx',
        bet: 200,
        giveaway: true,
      }),
    );
  });

  test('not a content creator: the giveaway is dropped and the challenge is a staked one', async () => {
    const { api, app } = startMatchApp('/start?step=3&challengeid=u2&gameType=wmgt_000002&c=wbx&bet=200&giveaway', {
      options: makeOptions({ gameType: 'wmgt_000002', challengee: { uid: 'u2', username: 'bob' } }),
      routes: sentBack(false),
    });
    await waitFor(() => expect(new URLSearchParams(app.location().search).has('giveaway')).toBe(false));
    expect(screen.queryByText(GIVEAWAY_TEXTS.youFund)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Play Now' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/challenges')[0]?.body).toEqual({
        uid: 'u2',
        gameType: 'wmgt_000002',
        c: 'wbx',
        bet: 200,
      }),
    );
  });

  test('with challengeid: "Challenging {username}", and Play sends the challenge', async () => {
    const { api, urls, connect, push } = startMatchApp(
      '/start?step=3&challengeid=u2&gameType=wmgt_000002&c=wbx&bet=200',
      {
        options: makeOptions({ gameType: 'wmgt_000002', challengee: { uid: 'u2', username: 'bob' } }),
        routes: {
          'POST /api/challenges': () => ({
            body: {
              id: 'c1',
              from: { uid: 'u1', username: 'alice' },
              to: { uid: 'u2', username: 'bob' },
              gameType: 'wmgt_000002',
              currency: 'wbx',
              bet: 200,
              amount: 20_000,
              status: 'pending',
              createdAt: new Date().toISOString(),
              expiresAt: new Date(Date.now() + 60_000).toISOString(),
            },
          }),
        },
      },
    );
    expect(await screen.findByRole('heading', { name: MATCH_TEXTS.challenging('bob'), level: 1 })).toBeTruthy();
    expect(urls()).toContain('/api/matchmaking/options?gameType=wmgt_000002&challengeid=u2');
    expect(screen.queryByRole('button', { name: 'Find Match' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/challenges')[0]?.body).toEqual({
        uid: 'u2',
        gameType: 'wmgt_000002',
        c: 'wbx',
        bet: 200,
      }),
    );
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(0);
    expect((await screen.findByText(/Waiting for them to accept/)).textContent).toContain('bob');
    await connect();
    await push('user:u1', 'challenge.closed', {
      challenge: {
        id: 'c1',
        from: { uid: 'u1', username: 'alice' },
        to: { uid: 'u2', username: 'bob' },
        gameType: 'wmgt_000002',
        currency: 'wbx',
        bet: 200,
        amount: 20_000,
        status: 'declined',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(await screen.findByText(MATCH_TEXTS.opponentDeclinedChallenge)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Waiting for them to accept/)).toBeNull());
  });

  test('without a name from the options, the challenged user is named from their ratings', async () => {
    startMatchApp('/start?challengeid=u9', {
      routes: {
        'GET /api/play/ratings/u9': () => ({
          body: {
            uid: 'u9',
            chessUsername: 'carol',
            linked: true,
            linkedAt: null,
            ratings: {
              blitz: { family: 'blitz', rating: 1500, rd: 50, provisional: false, games: 30 },
              rapid: { family: 'rapid', rating: 1500, rd: 50, provisional: false, games: 30 },
            },
          },
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: MATCH_TEXTS.challenging('carol'), level: 1 })).toBeTruthy();
  });
});

describe('/start wizard: Find Match', () => {
  test('Find Match seeks with the chosen stake and opens /match; a second click within 3 s is ignored', async () => {
    let calls = 0;
    const { api, app } = startMatchApp('/start?step=3&gameType=wmgt_000002&c=wbx&bet=500', {
      routes: {
        'POST /api/matchmaking/seek': () => {
          calls += 1;
          return calls === 1
            ? refused(MATCH_TEXTS.insufficientBalance, 'insufficient')
            : { body: { matchmaking: makeRecord() } };
        },
      },
    });
    const find = await screen.findByRole('button', { name: 'Find Match' });
    fireEvent.click(find);
    expect(await screen.findByText(MATCH_TEXTS.insufficientBalance)).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/seek')[0]?.body).toEqual({
      gameType: 'wmgt_000002',
      c: 'wbx',
      bet: 500,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find Match' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(1);
    expect(app.location().pathname).toBe('/start');
  });

  test('a successful seek goes to /match with the record', async () => {
    const { app, state } = startMatchApp('/start?step=3', {
      routes: {
        'POST /api/matchmaking/seek': () => {
          state.record = makeRecord({ bet: 50 });
          return { body: { matchmaking: state.record } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    expect(await screen.findByText('Searching for an opponent…')).toBeTruthy();
  });

  test('USD: the browser location goes with the seek', async () => {
    stubGeolocation();
    const { api } = startMatchApp('/start?step=3&c=usd&bet=5', {
      routes: {
        'POST /api/matchmaking/seek': () => ({ body: { matchmaking: makeRecord({ currency: 'usd', bet: 5 }) } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/matchmaking/seek')[0]?.body).toMatchObject({
      c: 'usd',
      bet: 5,
      deviceGps: { latitude: 40.71, longitude: -74, radius: 25 },
    });
  });

  test('USD without geolocation: its SPEC text and no seek; a refused location shows the browser error', async () => {
    removeGeolocation();
    const { api } = startMatchApp('/start?step=3&c=usd&bet=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    expect(await screen.findByText(TEXTS.geolocationUnsupported)).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(0);
  });

  test('a refused location shows the browser error', async () => {
    stubGeolocation('User denied Geolocation');
    const { api } = startMatchApp('/start?step=3&c=usd&bet=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    expect(await screen.findByText('User denied Geolocation')).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(0);
  });

  test.each([
    ['wallet', MATCH_TEXTS.realMoneyNeedsWallet, MATCH_TEXTS.depositFunds],
    ['noBalance', MATCH_TEXTS.noBalance, 'Go to Wallet'],
  ])('server refusal %s: its text with a link to /wallet', async (reason, message, link) => {
    startMatchApp('/start?step=3', { routes: { 'POST /api/matchmaking/seek': () => refused(message, reason) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    const alert = await screen.findByText(message);
    const box = alert.closest('.match-refusal') as HTMLElement;
    expect(within(box).getByRole('link', { name: link }).getAttribute('href')).toBe('/wallet');
  });

  test('server refusal login: the user goes to /login', async () => {
    let signedIn = true;
    const { app } = startMatchApp('/start?step=3', {
      routes: {
        'POST /api/matchmaking/seek': () => {
          signedIn = false;
          return refused(MATCH_TEXTS.login, 'login');
        },
        // The session ended meanwhile: /login shows the auth panel.
        'GET /api/session': () => ({ body: { user: signedIn ? makeMe() : null } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });

  test('out of RushCoins: the refusal offers the 100 RushCoins top-up, which lifts it', async () => {
    let me = makeMe({ chessUsername: 'alice', balances: { usd: 0, wbx: 0 } });
    const { api } = startMatchApp('/start?step=3', {
      me,
      options: makeOptions({ account: { code: 'noBalance', message: MATCH_TEXTS.noBalance } }),
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        'POST /api/wallet/top-up': () => {
          me = { ...me, balances: { usd: 0, wbx: 10_000 } };
          return { body: { balances: me.balances } };
        },
      },
    });
    const box = (await screen.findByText(MATCH_TEXTS.noBalance)).closest('.match-refusal') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Top up 100 RushCoins' }));
    expect(await screen.findByText('100 RushCoins added to your balance.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/top-up')).toHaveLength(1);
  });

  test('the account refusal from the options shows on the Play step', async () => {
    startMatchApp('/start?step=3', {
      options: makeOptions({ account: { code: 'noBalance', message: MATCH_TEXTS.noBalance } }),
    });
    expect(await screen.findByText(MATCH_TEXTS.noBalance)).toBeTruthy();
  });
});

describe('/start wizard: the account changes while it is open', () => {
  test.each(['profile.changed', 'balances.changed'])(
    'a %s event on the user topic reads the options again (an unban lifts the refusal on screen)',
    async (type) => {
      const { state, connect, push } = startMatchApp('/start?step=3', {
        options: makeOptions({ account: { code: 'banned', message: MATCH_TEXTS.banned } }),
      });
      expect(await screen.findByText(MATCH_TEXTS.banned)).toBeTruthy();
      await connect();
      state.options = makeOptions();
      const data = type === 'profile.changed' ? makeMe({ chessUsername: 'alice' }) : { usd: 0, wbx: 50_000 };
      await push('user:u1', type, data);
      await waitFor(() => expect(screen.queryByText(MATCH_TEXTS.banned)).toBeNull(), { timeout: 5000 });
    },
  );
});

describe('/start wizard: paused', () => {
  test('while paused, Find Match shows the announcement instead of starting', async () => {
    const { api } = startMatchApp('/start?step=3', { appState: PAUSED });
    const find = await screen.findByRole('button', { name: 'Find Match' });
    await waitFor(() => expect(api.callsTo('GET', '/api/app/state').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(find);
    const box = await screen.findByRole('status', { name: 'Scheduled maintenance' });
    expect(within(box).getByText('New games are paused while we upgrade the servers.')).toBeTruthy();
    expect(within(box).getByText(/Games return/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(0);
  });

  test('a pause announced live on the app topic stops Find Match', async () => {
    const { api, connect, push } = startMatchApp('/start?step=3');
    await screen.findByRole('button', { name: 'Find Match' });
    await connect();
    await push('app', 'app.state', PAUSED);
    fireEvent.click(screen.getByRole('button', { name: 'Find Match' }));
    expect(await screen.findByText('New games are paused while we upgrade the servers.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/seek')).toHaveLength(0);
  });

  test('a pause the server reports (reason paused) shows the announcement', async () => {
    const { state } = startMatchApp('/start?step=3', {
      routes: {
        'POST /api/matchmaking/seek': () => {
          state.appState = PAUSED;
          return refused(PAUSED.announcement.text, 'paused');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Find Match' }));
    expect(await screen.findByRole('status', { name: 'Scheduled maintenance' })).toBeTruthy();
  });
});

describe('/start redirects', () => {
  test.each(['searching', 'matched', 'starting', 'playing'] as const)(
    'an active matchmaking record (%s) forces /match',
    async (s) => {
      const { app } = startMatchApp('/start', {
        record: makeRecord({ state: s, gameId: s === 'playing' ? 'g1' : null }),
        routes: {
          'GET /api/play/games/g1': () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } }),
        },
      });
      await waitFor(() => expect(app.location().pathname).toBe('/match'));
    },
  );

  test('a record that is over (notFound) keeps /start', async () => {
    const { app } = startMatchApp('/start', { record: makeRecord({ state: 'notFound' }) });
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect(app.location().pathname).toBe('/start');
  });

  test('a visitor on /start goes to /login', async () => {
    const { app } = startMatchApp('/start', { me: null });
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });
});
