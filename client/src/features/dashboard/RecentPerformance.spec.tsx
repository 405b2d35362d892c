/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { pickStatsFromTotals } from '@oddspulse/shared';
import { expectTryAgain } from '../../../test-support/failed-read';
import { renderSignedIn } from '../../../test-support/signed-in';
import { RecentPerformance } from './RecentPerformance';

const read = jest.fn();
jest.mock('../picks', () => ({ pickStatsQuery: () => ({ queryKey: ['stats'], queryFn: () => read(), retry: false }) }));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

// a failed read is announced and can be read again, as the recommendations beside it can
describe("the dashboard's Recent Performance", () => {
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

  it('says a failed read as an alert, with "Try again" reading it again', async () => {
    read
      .mockReset()
      .mockRejectedValueOnce(new Error('Server error. Our team has been notified.'))
      .mockResolvedValue(pickStatsFromTotals([], { best: 0, current: 0, type: null }));
    await renderSignedIn(root, <RecentPerformance />);
    await expectTryAgain(read, 'Your statistics could not be loaded: Server error. Our team has been notified.');
  });
});
