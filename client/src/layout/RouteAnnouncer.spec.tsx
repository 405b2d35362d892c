/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ANNOUNCEMENT_MS, RouteAnnouncer } from './RouteAnnouncer';

// the router's location, set by the test (react-router itself needs a TextEncoder jsdom does not have)
let pathname = '/pricing';
jest.mock('react-router-dom', () => ({ useLocation: () => ({ pathname }) }));

// Spec 000 §4: a screen-reader announcement is removed after 1000 ms, whatever happens within that second.
describe('RouteAnnouncer', () => {
  let container: HTMLElement;
  let root: Root;
  const announced = () => container.querySelector('[data-testid=route-announcer]')!.textContent;
  const heading = (text: string) => {
    document.getElementById('main')!.innerHTML = text ? `<h1>${text}</h1>` : '';
  };
  const elapse = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  const navigate = (to: string) => {
    pathname = to;
    act(() => root.render(<RouteAnnouncer />));
  };

  beforeEach(() => {
    jest.useFakeTimers();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    document.body.innerHTML = '<div id="main"></div><div id="app"></div>';
    container = document.getElementById('app')!;
    root = createRoot(container);
    heading('Pricing');
    navigate('/pricing');
  });

  afterEach(() => {
    act(() => root.unmount());
    jest.useRealTimers();
  });

  it("names the new screen by its heading and clears it after the spec's second", () => {
    elapse(100);
    expect(announced()).toBe('Pricing page');
    elapse(ANNOUNCEMENT_MS);
    expect(announced()).toBe('');
  });

  it("takes the page left's announcement along when the user moves on within its second", () => {
    elapse(100);
    expect(announced()).toBe('Pricing page');
    // the Terms screen's code is still arriving: the Pricing page is not announced on past its second
    heading('');
    navigate('/terms');
    expect(announced()).toBe('');
    elapse(ANNOUNCEMENT_MS + 500);
    expect(announced()).toBe('');
    heading('Terms of Service');
    elapse(100);
    expect(announced()).toBe('Terms of Service page');
    elapse(ANNOUNCEMENT_MS);
    expect(announced()).toBe('');
  });
});
