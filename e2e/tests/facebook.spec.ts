import { expect, test } from '../support/test.ts';
import { TEXTS } from '@rush/domain';
import { E2E } from '../support/ports.ts';
import { dismissOnboarding } from '../support/users.ts';

/** Tells the Facebook emulator who logs in next (email null: no address shared). */
async function facebookPerson(person: { id: string; name: string; email: string | null }): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E.facebookPort}/_emulator/person`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(res.ok).toBe(true);
}

// The emulator signs in whoever was set last: the journeys run in order in one worker.
test.describe.configure({ mode: 'default' });

const facebookId = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('sign in with Facebook through the local emulator: date of birth first, then the app', async ({ page }) => {
  await dismissOnboarding(page);
  const email = `fb${Date.now().toString(36)}@e2e.test`;
  await facebookPerson({ id: facebookId(), name: 'Fay Book', email });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Facebook' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // SPEC 5: a new account made through Facebook gives its date of birth before anything else.
  const gate = page.getByRole('alertdialog', { name: 'Date of birth' });
  await expect(gate).toBeVisible();
  await gate.getByLabel('Month').selectOption('3');
  await gate.getByLabel('Day').selectOption('14');
  await gate.getByLabel('Year').selectOption('1988');
  await gate.getByRole('button', { name: 'Continue' }).click();
  await expect(gate).toHaveCount(0);
  const me = (await (await page.request.get('/api/session')).json()) as {
    user: { email: string; username: string; needsDateOfBirth: boolean; emailVerified: boolean };
  };
  expect(me.user).toMatchObject({ email, needsDateOfBirth: false, emailVerified: true });
  expect(me.user.username).toMatch(/^Player\d{1,4}$/);
});

test('a Facebook account without an email is refused on the login page, and nothing is signed in', async ({ page }) => {
  await dismissOnboarding(page);
  await facebookPerson({ id: facebookId(), name: 'Phone Only', email: null });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Facebook' }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole('alert')).toHaveText(TEXTS.facebookEmailMissing);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  const me = (await (await page.request.get('/api/session')).json()) as { user: unknown };
  expect(me.user).toBeNull();
});
