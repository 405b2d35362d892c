/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN } from '../../state/session-api';
import { renderSignedIn, settle } from '../../../test-support/signed-in';
import { savePreferences } from './account-api';
import { MySportsbooksPage } from './MySportsbooksPage';

jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'free' } }),
}));
jest.mock('./account-api', () => ({ savePreferences: jest.fn() }));
const save = jest.mocked(savePreferences);

const notice = () => document.querySelector('[data-testid="books-hidden-by-plan"]');
const checkbox = (name: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(name))!.querySelector('input')!;

// entitlements.ts: a downgrade to free hides the paid books without deleting them; DECISIONS 27: My Sportsbooks lists
// the books the user bets at. A downgraded user saw their paid books unticked, and any save deleted them.
describe('My Sportsbooks after a downgrade', () => {
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
    save.mockReset();
  });

  it('says which saved books the plan hides, shows them saved and locked, and saves only the allowed ones', async () => {
    await renderSignedIn(root, <MySportsbooksPage />, {
      savedBooks: ['draftkings'],
      hiddenBooks: ['pinnacle', 'novig'],
    });
    expect(notice()?.textContent).toBe(
      'Pinnacle and Novig are saved but need Gold; your tables leave them out until you upgrade. Upgrade to Gold',
    );
    expect(notice()?.querySelector('a')?.getAttribute('href')).toBe('/pricing');
    for (const name of ['Pinnacle', 'Novig']) {
      expect(checkbox(name).checked).toBe(true);
      expect(checkbox(name).disabled).toBe(true);
    }
    expect(checkbox('Bovada').checked).toBe(false);

    save.mockResolvedValue({
      sportsbooks: ['draftkings'],
      sportsbooks_hidden_by_plan: ['pinnacle', 'novig'],
      bankroll: 1000,
      effective_commissions: {},
    } as never);
    await act(async () =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save preferences')!.click(),
    );
    await settle();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ sportsbooks: ['draftkings'] }));
    expect(notice()?.textContent).toContain('Pinnacle and Novig are saved');
  });

  it('says nothing when the plan hides none of the saved books', async () => {
    await renderSignedIn(root, <MySportsbooksPage />, { savedBooks: ['draftkings'] });
    expect(notice()).toBeNull();
    expect(checkbox('Pinnacle').checked).toBe(false);
  });

  it('names a single hidden book in the singular', async () => {
    await renderSignedIn(root, <MySportsbooksPage />, { savedBooks: ['draftkings'], hiddenBooks: ['bovada'] });
    expect(notice()?.textContent).toBe(
      'Bovada is saved but needs Gold; your tables leave it out until you upgrade. Upgrade to Gold',
    );
  });
});
