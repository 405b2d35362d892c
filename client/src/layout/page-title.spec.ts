import { pageTitle, SITE_TITLE } from './page-title';

// Every route had the same <title>
describe('pageTitle', () => {
  it('names each page before the site', () => {
    expect(pageTitle('/sportsbooks')).toBe('Odds · OddsPulse');
    expect(pageTitle('/picks/')).toBe('My Picks · OddsPulse');
    expect(pageTitle('/account/api-keys')).toBe('API keys · OddsPulse');
  });

  it("keeps the site's title on the landing page and unknown paths", () => {
    expect(pageTitle('/')).toBe(SITE_TITLE);
    expect(pageTitle('/nowhere')).toBe(SITE_TITLE);
  });
});
