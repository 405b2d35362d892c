/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN } from '../../state/session-api';
import { expectTryAgain } from '../../../test-support/failed-read';
import { renderSignedIn } from '../../../test-support/signed-in';
import { RecommendedBets } from './RecommendedBets';

/** The recommendations' reads: the first fails, the next answers with no games today. */
const read = jest.fn();
jest.mock('./dashboard-api', () => ({
  recommendedBetsQuery: () => ({ queryKey: ['recommended'], queryFn: () => read(), retry: false }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'gold' } }),
}));
jest.mock('../odds/odds.css', () => ({}));

// a failed read is announced and can be read again, as the client's other failed reads can
describe("the dashboard's recommendations", () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });

  it('say a failed read as an alert, with "Try again" reading them again', async () => {
    read
      .mockReset()
      .mockRejectedValueOnce(new Error('Server error. Our team has been notified.'))
      .mockResolvedValue({ bets: [], gamesToday: 0, books: ['draftkings'] });
    await renderSignedIn(root, <RecommendedBets />, { savedBooks: ['draftkings'] });
    await expectTryAgain(read, 'Server error. Our team has been notified.');
    expect(document.querySelector('[data-testid="recommended-empty"]')?.textContent).toContain(
      'No games available today',
    );
  });
});
