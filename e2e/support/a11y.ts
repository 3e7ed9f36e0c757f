import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Accessibility and phone-width checks (issue 19). A state is set up once and then looked at
 * at each width by resizing the viewport: axe-core at the desktop and phone widths (no serious
 * or critical violation), and no horizontal scroll at both phone widths.
 */

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };

/** The smallest touch target at phone width (WCAG 2.5.5, Apple's and Google's guidance). */
export const MIN_TARGET_PX = 44;

/** Two animation frames, or false when none came within `ms`. */
function drewFrames(page: Page, ms: number): Promise<boolean> {
  return page.evaluate(
    (wait) =>
      new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), wait);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
      }),
    ms,
  );
}

/**
 * Waits for the layout to settle after a resize (two frames, then the fonts). Headless Chromium
 * now and then stops drawing a page whose script still runs (puppeteer#10350): a bare wait for a
 * frame then hung the player's audit until its 4-minute timeout. Bringing the page to the front
 * starts its frames again; styles and layout are computed when axe reads them either way.
 */
async function settle(page: Page): Promise<void> {
  if (!(await drewFrames(page, 2_000))) {
    await page.bringToFront();
    await drewFrames(page, 2_000);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Opens a route and waits until its page is drawn: the main heading is there and nothing says
 * Loading… any more (the app keeps a socket open, so the network is never idle).
 */
export async function visit(page: Page, path: string, ready?: Locator): Promise<void> {
  await page.goto(path);
  await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 20_000 });
}

/** Serious and critical axe-core violations of the page as it is, one line per element. */
export async function axeProblems(page: Page): Promise<string[]> {
  const started = Date.now();
  // Colours are judged as they are, not halfway through a transition: a live list that turns a
  // row's Join into Spectate while axe reads it showed a mix of the two backgrounds (3.34:1).
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  // Only violations are reported in full (passes would be serialised for every element, the 64
  // squares of a board many times over), and legacy mode runs axe in the page itself instead of
  // opening a blank page per scan to merge frame results: together they halve a scan's time.
  // Legacy mode skips cross-origin frames only; the sandbox provider's frame is same-origin here
  // and is scanned.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (process.env.A11Y_TIMING) console.log(`axe ${page.url()} ${Date.now() - started} ms`);
  const lines: string[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240);
      lines.push(`${violation.impact} ${violation.id}: ${node.target.join(' > ')} | ${summary}`);
    }
  }
  return lines;
}

/** The horizontal overflow of the document (0 when nothing scrolls sideways), with the widest elements to blame. */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const overflow = root.scrollWidth - width;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.right > width + 0.5 && rect.width > 0) {
          const cls =
            typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
          culprits.push(`${el.tagName.toLowerCase()}${cls} right=${Math.round(rect.right)}`);
          if (culprits.length >= 8) break;
        }
      }
    }
    return { overflow, culprits };
  });
}

/** Controls smaller than the minimum touch target, named by their accessible text. */
export async function smallTargets(controls: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (!box) continue;
    if (box.width < MIN_TARGET_PX - 0.5 || box.height < MIN_TARGET_PX - 0.5) {
      const name =
        (await control.getAttribute('aria-label')) ?? ((await control.textContent()) ?? '').trim().slice(0, 40);
      small.push(`"${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}

/**
 * Collects what is wrong with each state (so one run reports everything) and, at the end, the
 * test asserts the list is empty.
 */
export class A11yAudit {
  readonly problems: string[] = [];
  readonly checked: string[] = [];

  /**
   * Scans the page as it stands at 1440 px and 390 px, and checks 390 px and 360 px for
   * horizontal scroll. `ready` waits for what defines the state (run again after each resize).
   */
  async check(page: Page, state: string, ready?: () => Promise<void>): Promise<void> {
    const original = page.viewportSize();
    for (const size of [DESKTOP, PHONE, SMALL_PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      if (ready) await ready();
      if (size !== SMALL_PHONE) {
        for (const line of await axeProblems(page)) this.problems.push(`[${state} @${size.width}] ${line}`);
      }
      if (size !== DESKTOP) {
        const { overflow, culprits } = await horizontalOverflow(page);
        if (overflow > 0) {
          this.problems.push(`[${state} @${size.width}] horizontal scroll of ${overflow}px: ${culprits.join(', ')}`);
        }
      }
    }
    if (original) await page.setViewportSize(original);
    this.checked.push(state);
  }

  /** Checks the touch targets of `controls` at both phone widths. */
  async targets(page: Page, state: string, controls: Locator): Promise<void> {
    for (const size of [PHONE, SMALL_PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      const count = await controls.count();
      if (count === 0) this.problems.push(`[${state} @${size.width}] no controls found to measure`);
      for (const line of await smallTargets(controls)) {
        this.problems.push(`[${state} @${size.width}] touch target below ${MIN_TARGET_PX}px: ${line}`);
      }
    }
  }
}

/** One assertion per test, listing every problem found (so one run shows them all). */
export function expectClean(audit: A11yAudit): void {
  expect(audit.checked.length).toBeGreaterThan(0);
  expect(audit.problems, `checked: ${audit.checked.join(', ')}`).toEqual([]);
}

/** The controls a player uses around a board: every button and field of the game's control areas. */
export const boardControls = (page: Page): Locator =>
  page.locator(
    '.game-controls button, .report-opponent, .move-input input, .move-input button, .replay-controls button, .puzzle-actions button, .battle-actions button',
  );
