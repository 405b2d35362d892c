/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expectTryAgain } from '../../../test-support/failed-read';
import { renderSignedIn } from '../../../test-support/signed-in';
import { AlertDeliveries } from './AlertDeliveries';

const read = jest.fn();
jest.mock('./alerts-api', () => ({
  alertDeliveriesQuery: () => ({ queryKey: ['deliveries'], queryFn: () => read(), retry: false }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));

// a failed read is announced and can be read again, as the client's other failed reads can
describe("an alert rule's deliveries", () => {
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
    read.mockReset().mockRejectedValueOnce(new Error('Server error.')).mockResolvedValue([]);
    await renderSignedIn(root, <AlertDeliveries ruleId="rule-1" />);
    await expectTryAgain(read, 'Could not load the deliveries.');
    expect(document.body.textContent).toContain('No deliveries yet.');
  });
});
