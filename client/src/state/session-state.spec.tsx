/**
 * @jest-environment jsdom
 */
import { useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderSignedIn, settle } from '../../test-support/signed-in';
import { sessionKeys } from './session-api';
import { useRefreshPlan } from './session-state';

// The address verified (or a plan bought) while the app's first read of the plan is still on its way: that read left
// before the change, and a refresh that reused it showed the old plan (the "Verify your email" notice stayed on).
describe('useRefreshPlan', () => {
  let root: Root;
  let refresh: () => Promise<void>;
  const answers: Array<(verified: boolean) => void> = [];

  function Probe() {
    refresh = useRefreshPlan();
    const { data } = useQuery({
      queryKey: sessionKeys.plan('user-1'),
      queryFn: () =>
        new Promise<{ email_verified: boolean }>((resolve) => answers.push((v) => resolve({ email_verified: v }))),
      staleTime: Infinity,
    });
    return <p>{data === undefined ? 'loading' : `verified ${data.email_verified}`}</p>;
  }

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    answers.length = 0;
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  it('reads the plan again when the first read is still on its way, and shows what that new read says', async () => {
    await renderSignedIn(root, <Probe />);
    expect(answers).toHaveLength(1);
    let refreshed!: Promise<void>;
    await act(async () => {
      refreshed = refresh();
    });
    await act(async () => answers[0](false));
    expect(answers).toHaveLength(2);
    await act(async () => answers[1](true));
    await act(() => refreshed);
    await settle();
    expect(document.body.textContent).toBe('verified true');
  });

  it('reads it again once when it already has an answer', async () => {
    await renderSignedIn(root, <Probe />);
    await act(async () => answers[0](false));
    let refreshed!: Promise<void>;
    await act(async () => {
      refreshed = refresh();
    });
    expect(answers).toHaveLength(2);
    await act(async () => answers[1](true));
    await act(() => refreshed);
    await settle();
    expect(document.body.textContent).toBe('verified true');
  });
});
