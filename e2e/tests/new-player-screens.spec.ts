import { PLAY_TEXTS, SOCIAL_TEXTS } from '@rush/domain';
import { expect, test, type Page } from '../support/test.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';

/**
 * What the screens pass of issue 36 found a new player stumbling on, at a phone's width (the
 * mobile project runs these at 360 px) and on the desktop: a hidden settings tab, errors out of
 * view, an empty messenger with no next step.
 */

/** The element's box lies inside the viewport. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

test('sign up with empty fields: the first field in error is brought into view @mobile', async ({ page }) => {
  await dismissOnboarding(page);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect.poll(() => inView(page, 'input[name="username"]')).toBe(true);
  // Brought into view, not focused: focusing a field clears its error (SPEC 8).
  await expect(page.getByText('Username is required')).toBeVisible();
});

test('Account Settings: every pane tab and Logout are whole and apart @mobile', async ({ page }) => {
  await dismissOnboarding(page);
  await signedInPerson(page);
  await page.goto('/?settings');
  const dialog = page.getByRole('dialog', { name: 'Account Settings' });
  const logout = await dialog.getByRole('button', { name: 'Logout' }).boundingBox();
  const list = await dialog.getByRole('tablist').boundingBox();
  expect(logout && list).toBeTruthy();
  for (const name of ['General', 'Security', 'Gaming']) {
    const tab = await dialog.getByRole('tab', { name }).boundingBox();
    expect(tab, name).toBeTruthy();
    // Inside the tab list's visible box (not scrolled out of it) ...
    expect(tab!.x, name).toBeGreaterThanOrEqual(list!.x - 0.5);
    expect(tab!.x + tab!.width, name).toBeLessThanOrEqual(list!.x + list!.width + 0.5);
    // ... and not under Logout.
    const apart =
      tab!.x + tab!.width <= logout!.x ||
      logout!.x + logout!.width <= tab!.x ||
      tab!.y + tab!.height <= logout!.y ||
      logout!.y + logout!.height <= tab!.y;
    expect(apart, name).toBe(true);
  }
  await dialog.getByRole('tab', { name: 'Gaming' }).click();
  await expect(dialog.getByRole('tab', { name: 'Gaming' })).toHaveAttribute('aria-selected', 'true');
});

test('an empty messenger says where conversations start and opens Friends @mobile', async ({ page }) => {
  await dismissOnboarding(page);
  await signedInPerson(page);
  await page.goto('/?showmessagespopup');
  const messages = page.getByRole('dialog', { name: 'Messages' });
  await expect(messages.getByText('No messages yet.')).toBeVisible();
  await expect(messages.getByText(SOCIAL_TEXTS.noMessagesHint)).toBeVisible();
  await messages.getByRole('link', { name: 'Open Friends' }).click();
  await expect(page.getByRole('dialog', { name: 'Friends' })).toBeVisible();
  await expect(messages).toHaveCount(0);
  await expect(page).toHaveURL(/\?friendslist$/);
});

test('/start without a chess account: Link account is right there and the wizard says it is linked', async ({
  page,
}) => {
  await dismissOnboarding(page);
  await signedInPerson(page, 'verified');
  await page.goto('/start');
  await expect(page.getByText(PLAY_TEXTS.notLinked)).toBeVisible();
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByText('Your chess account is linked.')).toBeVisible();
  await expect(page.getByText(PLAY_TEXTS.notLinked)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('500.00');
});
