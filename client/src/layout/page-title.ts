/** The site's own title: the landing page's, and the suffix of every other page's. */
export const SITE_TITLE = 'OddsPulse — live odds, +EV, arbitrage and middles';

const TITLES = new Map<string, string>(
  Object.entries({
    '/dashboard': 'Dashboard',
    '/sportsbooks': 'Odds',
    '/dfs': 'DFS Props',
    '/picks': 'My Picks',
    '/scores': 'Scores',
    '/analytics': 'Analytics',
    '/steam/record': 'Steam record',
    '/contact': 'Contact support',
    '/login': 'Sign in',
    '/signup': 'Sign up',
    '/forgot-password': 'Reset your password',
    '/pricing': 'Pricing',
    '/subscribe': 'Subscribe',
    '/usage-plan': 'Your plan',
    '/account': 'Account',
    '/account/api-keys': 'API keys',
    '/my-sportsbooks': 'My Sportsbooks',
    '/ops': 'Operations',
    '/terms': 'Terms of Service',
    '/privacy': 'Privacy Policy',
    '/billing/success': 'Subscription started',
    '/billing/cancel': 'Checkout cancelled',
    '/billing/local-portal': 'Billing',
    '/alerts': 'Alerts',
    '/auth/callback': 'Signing in',
  }),
);

/** Routes with a parameter or pages under them, by the start of their path. */
const TITLE_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['/billing/local-checkout/', 'Checkout'],
  ['/ops/', 'Operations'],
];

/**
 * The document title of a route (every route had the same `<title>`, so tabs, history and bookmarks could
 * not tell pages apart): "Odds · OddsPulse"; `/` is the dashboard for a signed-in user; the landing page and unknown
 * paths keep the site's title.
 */
export function pageTitle(pathname: string, signedIn = false): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const title =
    path === '/' && signedIn
      ? 'Dashboard'
      : (TITLES.get(path) ?? TITLE_PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1]);
  return title ? `${title} · OddsPulse` : SITE_TITLE;
}
