/**
 * @jest-environment jsdom
 */
import type { SiteConfig } from '@oddspulse/shared';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { settle } from '../../test-support/signed-in';
import { SimulatedFeedsNotice, simulatedFeedsText } from './SimulatedFeedsNotice';

// The deployment's settings, as GET /api/site answers them (the simulator for both, its default).
const site: SiteConfig = { social_links: [], free_monthly_quota: 500, simulated: { odds: true, scores: true } };
jest.mock('../state/site-api', () => ({ fetchSiteConfig: () => Promise.resolve(site) }));

// The simulator is every deployment's default, production's too: each page says when the odds or scores are its.
describe('the simulated feeds notice', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  it('shows what the server says is simulated, once its settings arrive', async () => {
    await act(async () =>
      root.render(
        <Provider store={createStore()}>
          <SimulatedFeedsNotice />
        </Provider>,
      ),
    );
    await settle();
    const notice = document.querySelector('[data-testid="simulated-notice"]');
    expect(notice?.getAttribute('role')).toBe('note');
    expect(notice?.textContent).toBe('Simulated odds and scores — not real prices or results');
  });

  it('names the simulated feed alone, and says nothing when both are real or the settings are not known', () => {
    expect(simulatedFeedsText({ odds: true, scores: false })).toBe('Simulated odds — not real prices');
    expect(simulatedFeedsText({ odds: false, scores: true })).toBe('Simulated scores — not real results');
    expect(simulatedFeedsText({ odds: false, scores: false })).toBeNull();
    expect(simulatedFeedsText(null)).toBeNull();
  });
});
