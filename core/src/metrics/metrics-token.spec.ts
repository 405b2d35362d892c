import { presentsMetricsToken } from './metrics-token';

const TOKEN = 'scrape-0123456789abcdefghijklmnop';

// A scraper presents METRICS_TOKEN as a bearer.
describe('presentsMetricsToken', () => {
  it('accepts the configured token as a bearer, whatever the scheme case', () => {
    expect(presentsMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(presentsMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('refuses anything else, and everything when no token is configured', () => {
    expect(presentsMetricsToken(undefined, TOKEN)).toBe(false);
    expect(presentsMetricsToken(TOKEN, TOKEN)).toBe(false);
    expect(presentsMetricsToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(presentsMetricsToken(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(presentsMetricsToken('Bearer ', TOKEN)).toBe(false);
    expect(presentsMetricsToken(`Bearer ${TOKEN}`, undefined)).toBe(false);
  });
});
