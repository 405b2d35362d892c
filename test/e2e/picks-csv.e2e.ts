import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { bearer, newUser, signIn, subscribedUser } from './support/users';

const HEADER = 'date_added,game,market,selection,odds,stake,status,settled_at';
const DAY = 86_400_000;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

/** Two settled picks of the last week, imported through the API as a script would (a win, then a loss). */
function history(): string {
  return [
    HEADER,
    `${iso(6)},Kansas City Chiefs @ Buffalo Bills,Moneyline,Buffalo Bills,+150,20,won,${iso(5)}`,
    `${iso(4)},Boston Celtics @ Miami Heat,Moneyline,Miami Heat,-110,11,lost,${iso(3)}`,
  ].join('\r\n');
}

// The picks CSV export and import (GET /api/picks/export.csv, POST /api/picks/import.csv) on /picks, the import's
// preview, column mapping and per-line refusals in the server's words, idempotence, and the uPlot profit chart.
test('picks export to CSV and come back from it: the preview maps a renamed column, a bad line is named and left out, nothing is doubled', async ({
  page,
  request,
}, testInfo) => {
  // an export, three imports and the list and chart read again after each: more than the default 30 s on a shared machine
  test.setTimeout(90_000);
  const user = await newUser(request, testInfo, 'csv');
  const seeded = await request.post('/api/picks/import.csv', {
    headers: { ...bearer(user), 'Content-Type': 'text/csv' },
    data: history(),
  });
  expect(await seeded.json()).toEqual({ added: 2, duplicates: 0, errors: [] });

  await signIn(page, user, { path: '/picks' });
  await expect(page.getByTestId('pick')).toHaveCount(2);
  // the profit chart is uPlot's canvas on a time axis, its summary the running total
  const chart = page.getByTestId('profit-chart');
  await expect(chart.locator('.uplot canvas')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', 'Cumulative profit: +$19.00 after 2 settled pick(s)');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^oddspulse-picks-.+\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = exported.split('\r\n');
  expect(header.split(',')).toEqual(
    expect.arrayContaining(['id', 'date_added', 'game', 'selection', 'odds', 'stake', 'status', 'actual_payout']),
  );
  expect(rows).toHaveLength(2);
  expect(exported).toContain('Buffalo Bills,+150');
  expect(exported).toContain(',20.00,');

  // The export again, its stake column renamed as another tracker would, a pick with an abbreviated team and a bad line.
  const renamed = exported.replace(/^(.*?)\bstake\b/, '$1Risked');
  const file = `${renamed}\r\n${[
    `${iso(2)},SF 49ers @ LA Rams,Moneyline,SF 49ers,+135,10,won,${iso(1)}`,
    `${iso(2)},N.Y. Giants @ TB Bucs,Moneyline,N.Y. Giants,+1x0,10,pending,`,
  ]
    .map((line) => {
      // the same columns as the export, in its order
      const values = Object.fromEntries(HEADER.split(',').map((column, i) => [column, line.split(',')[i]]));
      return header
        .split(',')
        .map((column) => values[column] ?? '')
        .join(',');
    })
    .join('\r\n')}`;

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByTestId('csv-import');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'my-picks.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  const preview = dialog.getByTestId('csv-preview');
  await expect(preview).toContainText('Buffalo Bills');
  await expect(preview).toContainText('SF 49ers @ LA Rams');
  await expect(dialog.getByTestId('csv-missing-columns')).toHaveText(
    "Choose the file's column for stake: an import needs them.",
  );
  await dialog.getByLabel('Read Risked as').selectOption('stake');

  await expect(dialog.getByTestId('csv-check')).toContainText('3 rows will be imported; 1 line will be left out.');
  await expect(dialog.getByTestId('csv-check-problems')).toHaveText("line 5: odds '+1x0' is not American odds");
  await expect(preview.locator('tr', { hasText: 'N.Y. Giants' })).toContainText(
    "Refused: odds '+1x0' is not American odds",
  );
  await expect(preview.locator('tr', { hasText: 'SF 49ers' })).toContainText('A pick');

  await dialog.getByRole('button', { name: 'Import the 3 readable rows' }).click();
  const result = dialog.getByTestId('csv-import-result');
  await expect(result).toContainText('Imported 1 pick. 2 rows were already in My Picks and not added again.');
  await expect(dialog.getByTestId('csv-import-left-out')).toHaveText("line 5: odds '+1x0' is not American odds");
  await dialog.getByRole('button', { name: 'Done' }).click();

  // the list and the chart read the import (the picks queries were invalidated)
  await expect(page.getByTestId('pick')).toHaveCount(3);
  await expect(page.getByTestId('pick').filter({ hasText: 'SF 49ers @ LA Rams' })).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', 'Cumulative profit: +$32.50 after 3 settled pick(s)');

  // The same file again adds nothing.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'my-picks.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByLabel('Read Risked as').selectOption('stake');
  await dialog.getByRole('button', { name: 'Import the 3 readable rows' }).click();
  await expect(result).toContainText('Imported 0 picks. 3 rows were already in My Picks and not added again.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('pick')).toHaveCount(3);

  // In decimal odds (spec 001 §9) the picks and the chart's crosshair read the prices as decimals.
  await page.evaluate(() => window.localStorage.setItem('oddsFormat', 'decimal'));
  await page.reload();
  const sf = page.getByTestId('pick').filter({ hasText: 'SF 49ers @ LA Rams' });
  await expect(sf.locator('.pick-line')).toContainText('2.35');
  if (!isMobile(testInfo)) {
    // the crosshair at the plot's right edge is on the last settlement
    const plot = chart.locator('.u-over');
    const box = await plot.boundingBox();
    await plot.hover({ position: { x: box!.width - 2, y: box!.height / 2 } });
    await expect(page.getByTestId('profit-chart-readout')).toHaveText('SF 49ers 2.35 won +$13.50, total +$32.50');
  }
});

test('a file without picks is refused in the server’s words before anything is sent; a file the server refuses says nothing was imported', async ({
  page,
  request,
}, testInfo) => {
  const user = await newUser(request, testInfo, 'csvbad');
  await signIn(page, user, { path: '/picks' });
  await expect(page.getByTestId('profit-chart-empty')).toHaveText('No settled picks in this period yet.');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByTestId('csv-import');
  // the header alone: the check says so before anything is sent
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from(HEADER) });
  await expect(dialog.getByTestId('csv-check-problems')).toHaveText('line 1: the file has no picks');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  // The server has the last word: its 400 (here answered in its place, as a newer server's rule would) lists each line.
  await page.route('**/api/picks/import.csv', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'CSV_INVALID',
        message: 'line 2: game is longer than 200 characters',
        errors: [{ line: 2, message: 'game is longer than 200 characters' }],
      }),
    }),
  );
  const file = `${HEADER}\r\n${iso(1)},Chiefs @ Bills,Moneyline,Bills,-110,10,pending,`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByRole('button', { name: 'Import 1 pick' }).click();
  await expect(dialog.getByTestId('csv-import-result')).toContainText('Nothing was imported: the file has 1 bad line.');
  await expect(dialog.getByTestId('csv-import-errors')).toHaveText('line 2: game is longer than 200 characters');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('pick')).toHaveCount(0);
});

test('/analytics draws profit, ROI and CLV over time with uPlot', async ({ page, request }, testInfo) => {
  const user = await subscribedUser(request, testInfo, 'csvplat', 'platinum');
  const csv = [
    `${HEADER},closing_odds,clv`,
    `${iso(6)},Kansas City Chiefs @ Buffalo Bills,Moneyline,Buffalo Bills,+150,20,won,${iso(5)},+140,2.1`,
    `${iso(4)},Boston Celtics @ Miami Heat,Moneyline,Miami Heat,-110,11,lost,${iso(3)},-120,-1.5`,
  ].join('\r\n');
  const seeded = await request.post('/api/picks/import.csv', {
    headers: { ...bearer(user), 'Content-Type': 'text/csv' },
    data: csv,
  });
  expect(seeded.ok(), await seeded.text()).toBe(true);
  await signIn(page, user, { path: '/analytics' });
  await expect(page.getByTestId('clv-chart').locator('.uplot canvas')).toBeVisible();
  await expect(page.getByTestId('profit-chart').locator('.uplot canvas')).toBeVisible();
  await expect(page.getByTestId('profit-chart')).toHaveAttribute(
    'aria-label',
    'Cumulative profit: +$19.00 after 2 settled pick(s)',
  );
  // +$19.00 on $31.00 staked
  await expect(page.getByTestId('roi-chart').locator('.uplot canvas')).toBeVisible();
  await expect(page.getByTestId('roi-chart')).toHaveAttribute('aria-label', 'ROI +61.3% over 2 settled pick(s)');
});
