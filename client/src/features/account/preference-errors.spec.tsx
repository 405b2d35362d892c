/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FALLBACK_PLAN } from '../../state/session-api';
import { renderSignedIn } from '../../../test-support/signed-in';
import { MySportsbooksPage } from './MySportsbooksPage';
import { UsernameSection } from './UsernameSection';

jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'gold' } }),
  useProfile: () => ({ status: 'ready', profile: { username: null } }),
}));

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

// WCAG 3.3.1, 1.3.1: an error about a field is shown beside it, and the field is marked invalid and names it
describe("fields' errors on the account screens", () => {
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

  const render = (page: React.ReactNode) => renderSignedIn(root, page, { savedBooks: ['draftkings'] });

  it("shows My Sportsbooks' bankroll error in the bankroll section, tied to its input", async () => {
    await render(<MySportsbooksPage />);
    const input = document.querySelector<HTMLInputElement>('#custom-bankroll')!;
    await act(async () => type(input, '2000000'));
    await act(async () =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save preferences')!.click(),
    );
    const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(error?.textContent).toBe('Bankroll cannot exceed $1,000,000');
    expect(error?.closest('section')).toBe(input.closest('section'));
  });

  it("ties the username's status line to its input, and marks a name against the rule invalid", async () => {
    await render(<UsernameSection />);
    const input = document.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
    await act(async () => type(input, '_bad'));
    const status = document.querySelector('[data-testid="username-status"]')!;
    expect(status.id).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe(status.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
