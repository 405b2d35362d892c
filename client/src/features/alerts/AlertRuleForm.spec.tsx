/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ALERT_KINDS, type AlertKind } from '@oddspulse/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { typedApi } from '../../api/client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { AlertRuleForm } from './AlertRuleForm';

// the typed client's calls: the new rule's save is answered below
jest.mock('../../api/client', () => ({ api: {}, typedApi: { GET: jest.fn(), POST: jest.fn() } }));
const post = typedApi.POST as unknown as jest.Mock;

const GOLD: AlertKind[] = ['ev', 'price_target'];

// The alert kinds a plan allows (canUseAlertKind: arbitrage, middle and steam with Platinum) change with the plan while
// /alerts is open (plan.changed over the socket). A Platinum user's new-rule form held "arbitrage" after a downgrade:
// the Kind select showed "+EV", the minimum read "Minimum profit (%)", and the save was refused.
describe('a new alert rule’s form when the plan’s kinds change', () => {
  let root: Root;
  const client = new QueryClient();
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    post.mockReset();
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const render = (kinds: AlertKind[]) =>
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <AlertRuleForm rule={null} kinds={kinds} onSaved={() => undefined} />
        </QueryClientProvider>,
      ),
    );
  const kind = () => document.querySelector<HTMLSelectElement>('form select')!.value;
  /** The minimum's label and value. */
  const minimum = () => {
    const input = document.querySelector<HTMLInputElement>('form input[type=number][required]')!;
    return [input.parentElement!.firstChild!.textContent, input.value];
  };

  const choose = (value: AlertKind) =>
    act(() => {
      const select = document.querySelector<HTMLSelectElement>('form select')!;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  /** Types into the minimum as a user does (React reads the value through the input's own setter). */
  const type = (text: string) =>
    act(() => {
      const input = document.querySelector<HTMLInputElement>('form input[type=number][required]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('moves to the first kind the plan still allows, with its label and minimum', () => {
    render([...ALERT_KINDS]);
    expect(kind()).toBe('arbitrage');
    expect(minimum()).toEqual(['Minimum profit (%)', '1']);
    render(GOLD);
    expect(kind()).toBe('ev');
    expect(minimum()).toEqual(['Minimum EV (%)', '1']);
  });

  it('drops the minimum typed for the kind it leaves, and saves the rule at the new kind', async () => {
    render([...ALERT_KINDS]);
    choose('middle');
    type('25');
    expect(minimum()).toEqual(['Minimum middle probability (%)', '25']);
    render(GOLD);
    // a 25 % middle probability is no EV minimum
    expect(kind()).toBe('ev');
    expect(minimum()).toEqual(['Minimum EV (%)', '1']);
    post.mockResolvedValue({ data: { id: 'r1' } });
    await act(async () => {
      document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(post).toHaveBeenCalledWith('/api/alerts', { body: expect.objectContaining({ kind: 'ev', min: 1 }) });
  });

  it('leaves a kind the plan still allows as the user chose it', () => {
    render([...ALERT_KINDS]);
    choose('price_target');
    render(GOLD);
    expect(kind()).toBe('price_target');
  });
});

// DECISIONS 36: the saved books are a new rule's books. A steam rule fires only at soft books: a user who keeps
// Pinnacle and PrizePicks had none of them left, and the rule was saved with no book, which is any book, with nothing
// in the form saying so.
describe('a new alert rule whose kind fires at none of the saved books', () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(async () => {
    post.mockReset();
    // the saved books are already read; their read again never answers
    (typedApi.GET as unknown as jest.Mock).mockReturnValue(new Promise(() => undefined));
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await renderSignedIn(root, <AlertRuleForm rule={null} kinds={[...ALERT_KINDS]} onSaved={() => undefined} />, {
      savedBooks: ['pinnacle', 'prizepicks'],
    });
    act(() => {
      const select = document.querySelector<HTMLSelectElement>('form select')!;
      select.value = 'steam';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  });
  afterEach(() => act(() => root.unmount()));

  const booksSelect = () =>
    [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Books'))?.querySelector('select');
  const submit = () =>
    act(async () => {
      document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
  const anyBook = () =>
    [...document.querySelectorAll('label')]
      .find((l) => l.textContent?.trim() === 'Any book')!
      .querySelector<HTMLInputElement>('input[type=checkbox]')!;

  it('ticks no book, says the kind fires at none of them, and saves nothing until the user picks', async () => {
    expect([...booksSelect()!.selectedOptions]).toEqual([]);
    const notice = 'Steam alerts fire at none of your books. Pick at least one, or choose "Any book".';
    expect(document.querySelector('[data-testid="alert-books-missing"]')?.textContent).toBe(notice);
    await submit();
    expect(post).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(notice);
  });

  it('saves any book only when the user chooses "Any book"', async () => {
    expect(anyBook().checked).toBe(false);
    act(() => anyBook().click());
    expect(document.querySelector('[data-testid="alert-books-missing"]')).toBeNull();
    post.mockResolvedValue({ data: { id: 'r1' } });
    await submit();
    expect(post).toHaveBeenCalledWith('/api/alerts', { body: expect.objectContaining({ kind: 'steam', books: [] }) });
  });

  it('saves the book the user picks', async () => {
    act(() => {
      const select = booksSelect()!;
      [...select.options].find((o) => o.value === 'draftkings')!.selected = true;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    post.mockResolvedValue({ data: { id: 'r1' } });
    await submit();
    expect(post).toHaveBeenCalledWith('/api/alerts', {
      body: expect.objectContaining({ kind: 'steam', books: ['draftkings'] }),
    });
  });
});

// A rule's sports are the deployment's (GET /api/sports), which the server holds rules to: the form listed the core
// sports, offering one never polled (its rule refused) and leaving out a polled one past them (the WNBA).
describe('the sports a new alert rule’s form offers', () => {
  let root: Root;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let answerSports: (sports: object[]) => void;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    (typedApi.GET as unknown as jest.Mock).mockImplementation((path: string) =>
      path === '/api/sports'
        ? new Promise((resolve) => (answerSports = (sports) => resolve({ data: sports })))
        : new Promise(() => undefined),
    );
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const sportsField = () => [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Sports'))!;

  it('says the list is loading, then offers the sports the deployment polls, out of season too', async () => {
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <AlertRuleForm rule={null} kinds={[...ALERT_KINDS]} onSaved={() => undefined} />
        </QueryClientProvider>,
      ),
    );
    expect(sportsField().firstChild!.textContent).toBe('Sports (loading...)');
    answerSports([
      { key: 'basketball_nba', title: 'NBA', group: 'Basketball', active: true },
      { key: 'basketball_wnba', title: 'WNBA', group: 'Basketball', active: false },
    ]);
    // the query's subscribers hear of its answer on later ticks
    for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(sportsField().firstChild!.textContent).toBe('Sports (none selected: all)');
    expect([...sportsField().querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['basketball_nba', 'NBA'],
      ['basketball_wnba', 'WNBA'],
    ]);
  });

  // a new price target started on the core list's first sport (NFL): on an NBA/WNBA deployment it offered no game
  // and, saved, could never fire
  it("starts a new price target at the deployment's first sport once the list comes", async () => {
    // the list as the deployment answers it, not as the test before left it
    client.clear();
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <AlertRuleForm rule={null} kinds={['price_target']} onSaved={() => undefined} />
        </QueryClientProvider>,
      ),
    );
    answerSports([
      { key: 'basketball_wnba', title: 'WNBA', group: 'Basketball', active: true },
      { key: 'basketball_nba', title: 'NBA', group: 'Basketball', active: false },
    ]);
    for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const sport = [...document.querySelectorAll('label')]
      .find((l) => l.textContent?.startsWith('Sport'))!
      .querySelector('select')!;
    expect(sport.value).toBe('basketball_wnba');
    expect([...sport.options].map((o) => o.value)).toEqual(['basketball_wnba', 'basketball_nba']);
  });
});
