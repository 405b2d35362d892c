/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ApiKeySummary } from '@oddspulse/shared';
import { typedApi } from '../../api/client';
import { FALLBACK_PLAN, type PlanInfo } from '../../state/session-api';
import { controls } from '../../../test-support/billing-overview';
import { renderSignedIn, settle } from '../../../test-support/signed-in';
import { ApiKeysPage } from './ApiKeysPage';

// the typed client's calls: the keys are answered below
jest.mock('../../api/client', () => ({
  api: { get: () => new Promise(() => undefined) },
  typedApi: { GET: jest.fn(), POST: jest.fn(), PATCH: jest.fn(), DELETE: jest.fn() },
}));
let planInfo: PlanInfo = FALLBACK_PLAN;
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: planInfo }),
}));

const get = typedApi.GET as unknown as jest.Mock;
const remove = typedApi.DELETE as unknown as jest.Mock;
const platinum: PlanInfo = { ...FALLBACK_PLAN, plan: 'platinum', unlimited: true, remaining: null, limit: null };
const key: ApiKeySummary = {
  id: 'key-1',
  name: 'Trading bot',
  prefix: 'op_abcdefg',
  created_at: '2030-01-01T00:00:00.000Z',
  last_used_at: null,
  scopes: ['read'],
};

// DECISIONS 5 and docs/security.md: keys are made on Platinum, and revocable by their owner on any plan, so a key that
// leaked while the user was on Platinum cannot come back to life with it.
describe('the API keys page', () => {
  let root: Root | null = null;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });
  const render = async (plan: PlanInfo, keys: ApiKeySummary[]) => {
    planInfo = plan;
    get.mockReset().mockResolvedValue({ data: keys });
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await renderSignedIn(root, <ApiKeysPage />);
    expect(get).toHaveBeenCalledWith('/api/api-keys');
  };
  const text = () => document.body.textContent ?? '';

  it('makes, rotates, renames and revokes keys on Platinum', async () => {
    await render(platinum, [key]);
    expect(controls()).toEqual(expect.arrayContaining(['Create key', 'Rename', 'Rotate', 'Revoke']));
    expect(text()).not.toContain('do not work');
  });

  it('shows a user who left Platinum their keys, why they do not work now, and lets them revoke them', async () => {
    await render({ ...FALLBACK_PLAN, plan: 'gold', remaining: null, limit: null }, [key]);
    expect(document.querySelector('[data-testid="api-key-name"]')?.textContent).toBe('Trading bot');
    expect(text()).toContain(
      'Your API keys do not work while your plan is not Platinum: every request with one is refused.',
    );
    expect(controls()).toEqual(expect.arrayContaining(['Rename', 'Revoke', 'Upgrade to Platinum']));
    expect(controls()).not.toContain('Rotate');
    expect(controls()).not.toContain('Create key');

    jest.spyOn(window, 'confirm').mockReturnValue(true);
    remove.mockResolvedValue({ data: undefined });
    get.mockResolvedValue({ data: [] });
    const revoke = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Revoke')!;
    await act(async () => revoke.click());
    await settle();
    expect(remove).toHaveBeenCalledWith('/api/api-keys/{id}', { params: { path: { id: 'key-1' } } });
    expect(document.querySelector('[data-testid="api-key-row"]')).toBeNull();
  });

  it('offers Platinum to a user with no keys and no Platinum', async () => {
    await render(FALLBACK_PLAN, []);
    expect(document.querySelector('h1')?.textContent).toBe('Platinum Plan Required');
    expect(controls()).toContain('Upgrade to Platinum');
    expect(controls()).not.toContain('Create key');
  });
});
