/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useScrollTarget } from './useScrollTarget';

/** jsdom has no IntersectionObserver: this one is told by the spec when its element leaves the view. */
class ViewWatch {
  static current: ViewWatch | null = null;
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ViewWatch.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  leave() {
    if (!this.disconnected)
      this.callback([{ isIntersecting: false } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function Card({ targeted }: { targeted: boolean }) {
  const ref = useScrollTarget<HTMLElement>(targeted);
  return <article ref={ref} tabIndex={-1} />;
}

// The list around an alert's target re-sorts as prices move: until the user moves the page, the target stays in view.
describe('useScrollTarget', () => {
  let root: Root;
  const scrolls = jest.fn();
  beforeAll(() => {
    Object.assign(globalThis, { IntersectionObserver: ViewWatch });
    HTMLElement.prototype.scrollIntoView = scrolls;
  });
  beforeEach(() => {
    scrolls.mockClear();
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  it('brings the target back into view when the list carries it out, until the user scrolls', () => {
    act(() => root.render(<Card targeted />));
    expect(scrolls).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.tagName).toBe('ARTICLE');
    act(() => ViewWatch.current!.leave());
    expect(scrolls).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('wheel'));
    act(() => ViewWatch.current!.leave());
    expect(scrolls).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a card that is not the target', () => {
    ViewWatch.current = null;
    act(() => root.render(<Card targeted={false} />));
    expect(scrolls).not.toHaveBeenCalled();
    expect(ViewWatch.current).toBeNull();
  });
});
