import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { PLAY_ROUTES } from '@rush/protocol';
import { startChild, type ChildServer } from './support/child.ts';
import { BenchPlayer, newGame } from './support/play-clients.ts';
import type { BenchResult } from './types.ts';

/**
 * What a person on a phone waits for (issue 17): cold and warm loads of the landing and of a game
 * page in Chromium on a throttled profile (1.6 Mbps down, 750 kbps up, 150 ms RTT, 4x CPU
 * slowdown), measured as bytes transferred, Largest Contentful Paint, Total Blocking Time, and,
 * on the game page, the time until the board accepts a move. The floor is the same built app
 * from a plain static file server in the same run (servers/static-server.ts, which passes the API
 * and the socket through to the real server): the ratio is what our server's delivery costs or
 * saves over the plainest way of sending the same files.
 */
export interface WebVitalsOptions {
  /** Loads of each (page, cache, server); the medians are reported. */
  runs: number;
}
export const DEFAULT_WEB_VITALS: WebVitalsOptions = { runs: 3 };

/** The throttling profile ("Slow 4G"-like, as the field's lab tools use). */
export const PROFILE = { downKbps: 1_600, upKbps: 750, rttMs: 150, cpuSlowdown: 4 };

const WEB_ROOT = path.resolve(import.meta.dirname, '../../apps/web');
const DIST = path.join(WEB_ROOT, 'dist');

interface Load {
  kb: number;
  lcpMs: number;
  tbtMs: number;
  /** Navigation start to the board accepting a move (game page only; NaN elsewhere). */
  readyMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)]!;
};

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

/** Installed before any script of the page: LCP and long tasks, buffered from navigation start. */
const OBSERVE = `
  window.__vitals = { lcp: 0, longTasks: [], fcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

async function measure(page: Page, cdp: CDPSession, url: string, board: boolean): Promise<Load> {
  let bytes = 0;
  const onFinished = (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  };
  cdp.on('Network.loadingFinished', onFinished);
  await page.goto(url, { waitUntil: 'load' });
  let readyMs = Number.NaN;
  if (board) {
    await page.locator('[data-interactive]').first().waitFor({ timeout: 60_000 });
    readyMs = await page.evaluate<number>('performance.now()');
  }
  // Let LCP settle and late long tasks land (the landing's data arrives after load).
  await page.waitForTimeout(1_500);
  cdp.off('Network.loadingFinished', onFinished);
  const v = await page.evaluate<{ lcp: number; fcp: number; longTasks: [number, number][] }>('window.__vitals');
  // TBT: each long task's time beyond 50 ms, after the first contentful paint.
  const tbtMs = v.longTasks.filter(([at]) => at >= v.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  return { kb: bytes / 1000, lcpMs: v.lcp, tbtMs, readyMs };
}

interface Target {
  name: 'floor' | 'app';
  baseUrl: string;
}

interface PageUnderTest {
  name: string;
  path: string;
  board: boolean;
  /** The session to load the page as, fresh for each load (a game waits 30 s for White's first move). */
  session?: () => Promise<string>;
}

async function signIn(context: BrowserContext, baseUrl: string, cookie: string): Promise<void> {
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: url.hostname, path: '/' };
    }),
  );
}

async function loads(
  browser: Browser,
  target: Target,
  page: PageUnderTest,
  runs: number,
): Promise<{ cold: Load[]; warm: Load[] }> {
  const cold: Load[] = [];
  const warm: Load[] = [];
  const url = target.baseUrl + page.path;
  for (let i = 0; i < runs; i += 1) {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      // The onboarding popup would cover the page on a first visit: a returning visitor's choice.
      await context.addInitScript("try { localStorage.setItem('rush.onboarding.dismissed', '1') } catch {}");
      await context.addInitScript(OBSERVE);
      const tab = await context.newPage();
      const cdp = await throttle(tab);
      if (page.session) await signIn(context, target.baseUrl, await page.session());
      cold.push(await measure(tab, cdp, url, page.board));
      if (page.session) await signIn(context, target.baseUrl, await page.session());
      warm.push(await measure(tab, cdp, url, page.board));
    } finally {
      await context.close();
    }
  }
  return { cold, warm };
}

function ensureBuild(): void {
  if (fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(path.join(DIST, '.vite', 'manifest.json'))) return;
  execFileSync('npx', ['vite', 'build'], { cwd: WEB_ROOT, stdio: 'inherit' });
}

export async function webVitals(opts: WebVitalsOptions = DEFAULT_WEB_VITALS): Promise<BenchResult[]> {
  ensureBuild();
  const app: ChildServer = await startChild(new URL('./servers/web-server.ts', import.meta.url), 180_000, {
    WEB_DIST: DIST,
  });
  let floor: ChildServer | null = null;
  let browser: Browser | null = null;
  const players: BenchPlayer[] = [];
  try {
    floor = await startChild(new URL('./servers/static-server.ts', import.meta.url), 60_000, {
      WEB_DIST: DIST,
      UPSTREAM: app.baseUrl!,
    });
    // A game just started for each load of the game page: White's session opens /match, where
    // the board waits for White's first move (a game waits 30 s for it, so one game per load).
    const freshGame = async (): Promise<string> => {
      const pair = await Promise.all([
        BenchPlayer.create(app.baseUrl!, app.url),
        BenchPlayer.create(app.baseUrl!, app.url),
      ]);
      players.push(...pair);
      await Promise.all(pair.map((p) => p.post(PLAY_ROUTES.link)));
      return (await newGame(pair[0], pair[1], 'wmgt_000003')).white.cookie;
    };

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    const pages: PageUnderTest[] = [
      { name: 'landing', path: '/', board: false },
      { name: 'game', path: '/match', board: true, session: freshGame },
    ];
    const targets: Target[] = [
      { name: 'floor', baseUrl: floor.baseUrl! },
      { name: 'app', baseUrl: app.baseUrl! },
    ];
    const rows: BenchResult['rows'] = [];
    const ratioRows: BenchResult['rows'] = [];
    for (const p of pages) {
      const measured: Record<string, { cold: Load[]; warm: Load[] }> = {};
      // Floor and app alternate run by run so a change of machine load weighs on both alike.
      for (let i = 0; i < opts.runs; i += 1) {
        for (const t of targets) {
          const got = await loads(browser, t, p, 1);
          measured[t.name] ??= { cold: [], warm: [] };
          measured[t.name]!.cold.push(...got.cold);
          measured[t.name]!.warm.push(...got.warm);
        }
      }
      for (const cache of ['cold', 'warm'] as const) {
        const of = (t: Target['name']) => {
          const list = measured[t]![cache];
          return [
            median(list.map((l) => l.kb)),
            median(list.map((l) => l.lcpMs)),
            median(list.map((l) => l.tbtMs)),
            median(list.map((l) => l.readyMs)),
          ];
        };
        const f = of('floor');
        const a2 = of('app');
        rows.push({ label: `${p.name} ${cache}, static floor`, values: f });
        rows.push({ label: `${p.name} ${cache}, our server`, values: a2 });
        ratioRows.push({ label: `${p.name} ${cache}`, values: a2.map((v, i) => v / f[i]!) });
      }
    }
    const columns = ['kB transferred', 'LCP ms', 'TBT ms', 'board ready ms'];
    return [
      {
        title: `web-vitals: Chromium, ${PROFILE.downKbps / 1000} Mbps / ${PROFILE.rttMs} ms RTT / ${PROFILE.cpuSlowdown}x CPU, 390 px, medians of ${opts.runs}`,
        columns,
        rows,
        ratios: { label: 'our server / static floor (first row: landing cold)', values: ratioRows[0]!.values },
        notes: [
          ...ratioRows.map(
            (r) => `ratio ${r.label}: ${r.values.map((v) => (Number.isFinite(v) ? v.toFixed(2) : '-')).join(' / ')}`,
          ),
          "board ready: navigation start to the board accepting White's first move (the live game loaded and its socket open).",
        ],
      },
    ];
  } finally {
    for (const p of players) p.close();
    await browser?.close();
    await floor?.stop();
    await app.stop();
  }
}
