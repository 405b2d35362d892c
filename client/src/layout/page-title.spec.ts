import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageTitle, SITE_TITLE } from './page-title';

// Every route had the same <title>
describe('pageTitle', () => {
  it('names each page before the site', () => {
    expect(pageTitle('/sportsbooks')).toBe('Odds · OddsPulse');
    expect(pageTitle('/picks/')).toBe('My Picks · OddsPulse');
    expect(pageTitle('/account/api-keys')).toBe('API keys · OddsPulse');
    expect(pageTitle('/billing/local-checkout/cs_123')).toBe('Checkout · OddsPulse');
  });

  it("keeps the site's title on the landing page and unknown paths, and names the dashboard at / signed in", () => {
    expect(pageTitle('/')).toBe(SITE_TITLE);
    expect(pageTitle('/nowhere')).toBe(SITE_TITLE);
    expect(pageTitle('/', true)).toBe('Dashboard · OddsPulse');
  });

  // Three pages still kept the generic title: every screen of the route table gets its own
  it('gives every route of the route table its own title', () => {
    const routes = readFileSync(join(__dirname, '..', 'app', 'App.tsx'), 'utf8');
    const screens = [...routes.matchAll(/<Route path="([^"]+)" element={<(\w+)/g)]
      .filter(([, , element]) => element !== 'Navigate' && element !== 'AppRedirect')
      .map(([, path]) => `/${path.replace(/:\w+/g, 'x').replace(/\*$/, 'x')}`);
    expect(screens.length).toBeGreaterThan(20);
    for (const path of screens) expect([path, pageTitle(path)]).not.toEqual([path, SITE_TITLE]);
  });
});
