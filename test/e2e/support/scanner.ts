import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks Execute on the arbitrage card `findCard` reads (it may fail while the simulator's cards come and go), retried
 * until the card's legs are on the bet slip. A click that timed out may still have landed (the card re-rendered under
 * the pointer): its legs are then on the slip, which covers the cards on a phone, so a retry never clicks again.
 */
export async function executeArbitrage(page: Page, findCard: () => Promise<Locator>): Promise<void> {
  const slip = page.getByTestId('bet-slip');
  await expect(async () => {
    if (await slip.getByTestId('slip-item').count()) return;
    const card = await findCard();
    await card.getByRole('button', { name: 'Execute' }).click({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}
