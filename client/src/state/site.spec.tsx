/**
 * @jest-environment jsdom
 */
import type { SiteConfig } from '@oddspulse/shared';

const site: SiteConfig = { social_links: [], free_monthly_quota: 500, simulated: { odds: true, scores: false } };
const fetchSiteConfig = jest.fn<Promise<SiteConfig>, []>();
jest.mock('./site-api', () => ({ fetchSiteConfig: () => fetchSiteConfig() }));

interface PageLoad {
  site: typeof import('./site');
  jotai: typeof import('jotai');
  react: typeof import('react');
  dom: typeof import('react-dom/client');
}

/**
 * A fresh copy of the app's modules: GET /api/site is asked once per page load, and each case is one (React and jotai
 * with it, so that the hooks and the store are the copy's).
 */
async function pageLoad(): Promise<PageLoad> {
  let loaded!: PageLoad;
  await jest.isolateModulesAsync(async () => {
    loaded = {
      site: await import('./site'),
      jotai: await import('jotai'),
      react: await import('react'),
      dom: await import('react-dom/client'),
    };
  });
  return loaded;
}

// The odds page shows its rows once the site's settings are known, so the simulated feeds' notice is not added above
// rows already shown (it pushed them down under a finger).
describe('the site settings', () => {
  let unmount: () => void;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => fetchSiteConfig.mockReset());
  afterEach(() => unmount());

  /** Renders what the settings say, and returns how to let the reads it started settle. */
  async function show({ site, jotai, react, dom }: PageLoad) {
    function Probe() {
      return (
        <p>
          {site.useSiteConfigSettled() ? 'settled' : 'waiting'} {JSON.stringify(site.useSimulatedFeeds())}
        </p>
      );
    }
    const root = dom.createRoot(document.body.appendChild(document.createElement('div')));
    unmount = () => react.act(() => root.unmount());
    await react.act(async () =>
      root.render(
        <jotai.Provider store={jotai.createStore()}>
          <Probe />
        </jotai.Provider>,
      ),
    );
    return () => react.act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  const text = () => document.body.textContent;

  it('is not settled until GET /api/site answers, then says what it answered', async () => {
    let answer!: (config: SiteConfig) => void;
    fetchSiteConfig.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const settle = await show(await pageLoad());
    await settle();
    expect(text()).toBe('waiting null');
    answer(site);
    await settle();
    expect(text()).toBe('settled {"odds":true,"scores":false}');
  });

  it('is settled, with nothing simulated said, when GET /api/site fails', async () => {
    fetchSiteConfig.mockRejectedValue(new Error('offline'));
    const settle = await show(await pageLoad());
    await settle();
    expect(text()).toBe('settled null');
  });

  it('uses the request sent as the app started, and asks once per page load', async () => {
    fetchSiteConfig.mockResolvedValue(site);
    const page = await pageLoad();
    await page.site.preloadSiteConfig();
    const settle = await show(page);
    await settle();
    expect(text()).toBe('settled {"odds":true,"scores":false}');
    expect(fetchSiteConfig).toHaveBeenCalledTimes(1);
  });
});
