import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './support/users';

// The public pages come with their content in the HTML (client/scripts/prerender.mjs), so a search engine or a browser
// still downloading the app sees the page; a visitor's browser then hydrates that markup without rendering it anew.
const PUBLIC_PAGES = [
  { path: '/', heading: 'Every price, every book, the moment it moves.' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/scores', heading: 'Live Scores' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} carries its content in the HTML and a visitor's browser hydrates it`, async ({ page, request }) => {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`<h1>${heading}</h1>`);

    const renderedAnew: string[] = [];
    page.on('console', (message) => {
      if (/prerendered page was rendered anew|hydrat/i.test(message.text())) renderedAnew.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // the app is running on the markup: a footer link navigates in the page
    const next =
      path === '/privacy'
        ? { link: 'Terms', heading: 'Terms of Service' }
        : { link: 'Privacy', heading: 'Privacy Policy' };
    await page.getByRole('contentinfo').getByRole('link', { name: next.link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: next.heading })).toBeVisible();
    expect(renderedAnew).toEqual([]);
  });
}

test("a signed-in user's / is their dashboard, with no flash of the visitor's page", async ({
  page,
  request,
}, testInfo) => {
  await signInAsNewUser(page, request, testInfo, 'platinum');
  const landingShown: boolean[] = [];
  await page.exposeFunction('reportLanding', (shown: boolean) => landingShown.push(shown));
  await page.addInitScript(() => {
    // checked as the document is parsed, before the app's code runs
    document.addEventListener('DOMContentLoaded', () => {
      const shown = document.body.textContent?.includes('Every price, every book, the moment it moves.') ?? false;
      (window as unknown as { reportLanding: (shown: boolean) => void }).reportLanding(shown);
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible();
  expect(landingShown).toEqual([false]);
});

// A prerendered button has no handler until the app hydrates the page, so a click then would be lost: the ones a
// visitor acts on first come disabled in the HTML and are enabled by the hydrated app.
test("a visitor's first buttons wait for the app: disabled in the HTML, working once hydrated", async ({
  page,
  request,
}) => {
  const landing = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(landing).toMatch(/<button[^>]*aria-label="Dismiss"[^>]*disabled=""/);
  const pricing = await (await request.get('/pricing', { headers: { accept: 'text/html' } })).text();
  expect(pricing).toMatch(/<button[^>]*disabled=""[^>]*>Choose Gold<\/button>/);

  await page.goto('/');
  const prompt = page.getByTestId('signup-prompt');
  await prompt.getByRole('button', { name: 'Dismiss' }).click();
  await expect(prompt).toBeHidden();
  // the dismissal holds for the tab's visit
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Every price, every book, the moment it moves.' }),
  ).toBeVisible();
  await expect(prompt).toBeHidden();
});
