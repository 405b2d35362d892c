/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ALERT_KINDS, type AlertKind } from '@oddspulse/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { typedApi } from '../../api/client';
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
