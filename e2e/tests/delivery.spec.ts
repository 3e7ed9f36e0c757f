import { expect, test } from '../support/test.ts';
import { dismissOnboarding } from '../support/users.ts';

/**
 * Issue 17 in a real browser: what the server sends (compressed, cached as the field does), a
 * page whose code a deploy removed: one reload of the same address, never a blank page, and the
 * schemas loaded after the first render without breaking the CSP.
 */
test.describe('delivery', () => {
  test('the shell is revalidated by its ETag; its scripts come brotli-compressed and immutable', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (/\/assets\/.+\.js$/.test(new URL(res.url()).pathname)) scripts.push(res.url());
    });
    await dismissOnboarding(page);
    const shell = await page.goto('/');
    expect(shell?.headers()['cache-control']).toBe('no-cache');
    const etag = shell?.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get('/', { headers: { 'if-none-match': etag!, 'accept-encoding': 'br' } });
    expect(again.status()).toBe(304);

    await expect(page.getByRole('link', { name: 'Terms' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const res = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status(), url).toBe(200);
      expect(res.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers().vary ?? '', url).toMatch(/accept-encoding/i);
      // Small chunks are sent as they are; the big ones (the vendor file above all) brotli.
      if (Number(res.headers()['content-length'] ?? 0) > 4096 || /vendor/.test(url)) {
        expect(res.headers()['content-encoding'], url).toBe('br');
      }
    }
  });

  test('a chunk that fails once still opens its page; one gone for good: one reload, then the error page, never a blank one', async ({
    page,
  }) => {
    await dismissOnboarding(page);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Terms' })).toBeVisible();

    // A chunk request that fails once (a network blip, a deploy in flight): the page opens.
    let failures = 0;
    await page.route(/\/assets\/TermsPage-[^/]+\.js$/, (route) => {
      failures += 1;
      return failures === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue();
    });
    await page.getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page).toHaveURL(/\/terms$/);
    expect(failures).toBeGreaterThanOrEqual(1);

    // A chunk a deploy removed: the page reloads once to fetch the new build; still gone
    // (within the minute), the /500 page with its heading and a way home, no reload loop.
    await page.goto('/');
    // The first part may have opened its page by that same reload (Chromium can hand the import
    // the failed answer of Vite's modulepreload still in flight), and a reload is allowed once a
    // minute: forget it, so this part starts as a tab that never reloaded.
    await page.evaluate((key) => sessionStorage.removeItem(key), 'rush:chunk-reload-at');
    const before = loads;
    await page.route(/\/assets\/PrivacyPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/500$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads - before).toBe(1);
  });

  test('the schemas load after the first render and build under the CSP: no eval is even tried', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await dismissOnboarding(page);
    await page.goto('/');
    // The footer shows once the session is read, which the lazily loaded schemas parse: zod is
    // told to be jitless (src/zod-config.ts) before it builds one, or it probes with an eval.
    await expect(page.getByRole('link', { name: 'Terms' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});
