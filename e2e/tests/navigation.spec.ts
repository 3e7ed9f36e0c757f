import { expect, test } from '../support/test.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';

test.describe('redirects and pages', () => {
  test('visitors are kept on public routes; unknown paths go to /404', async ({ page }) => {
    await dismissOnboarding(page);
    for (const path of ['/wallet', '/start', '/match', '/leaderboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const api = await page.request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  test('signed-in users leave login pages for /, and /admin sends non-admins to /', async ({ page, baseURL }) => {
    await dismissOnboarding(page);
    await signedInPerson(page);
    for (const path of ['/login', '/signup', '/forgot-password', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${baseURL}/$`));
    }
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/wallet$/);
  });

  test('static pages', async ({ page }) => {
    await dismissOnboarding(page);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText('Last updated January 17, 2022')).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Combatting Cheating' })).toBeVisible();
    await page.goto('/support#wagerbucks');
    const rc = page.locator('#wagerbucks');
    await expect(rc).toBeVisible();
    await expect(rc.getByRole('button', { expanded: true }).first()).toBeVisible();
    await expect(page.locator('section[id]')).toHaveCount(5);
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const year = String(new Date().getFullYear());
    await expect(page.getByRole('contentinfo')).toContainText(year);
  });

  test('overlays open by query flag and close by backdrop, Escape or removing the flag', async ({ page }) => {
    await dismissOnboarding(page);
    await signedInPerson(page);
    await page.goto('/?settings');
    await expect(page.getByRole('dialog', { name: 'Account Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/settings/);
    await expect(page.getByRole('dialog', { name: 'Account Settings' })).toHaveCount(0);

    // An unverified user's dashboard asks to verify the email first (SPEC 2); close that popup.
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await expect(verify).toBeVisible();
    await verify.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/[?&]settings/);
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Account Settings' })).toHaveCount(0);

    await page.goto('/?bugreport');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(3, 3);
    await expect(page).not.toHaveURL(/bugreport/);

    // SPEC 2 `showtempmenu`: the URL opens the user menu; Escape closes it and drops the flag.
    await page.goto('/about?showtempmenu');
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Wallet' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL(/\/about$/);
  });

  test('onboarding "skip. don\'t show again" persists', async ({ page }) => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Ready to start?' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: "skip. don't show again" }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Play 1 vs 1' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Ready to start?' })).toHaveCount(0);
  });
});
