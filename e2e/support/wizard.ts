import { expect, type Page } from '@playwright/test';

/** Picks a wizard choice: the radio is controlled by the URL, so wait for it to read back checked. */
export async function choose(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await expect(async () => {
    await radio.click();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass();
}
