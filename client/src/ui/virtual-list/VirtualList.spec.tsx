/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { VirtualList } from './VirtualList';

/** An item the user types into, as the stake of an open odds row's "Add to My Picks" form. */
function Typed({ name }: { name: string }) {
  return <input aria-label={name} />;
}

describe('VirtualList', () => {
  let container: HTMLElement;
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // jsdom lays nothing out: the list's scroller is given the size it would have, or no item is in view
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  // A live price update moves rows up or down the list (a row above leaves, one comes in): an item's state and the
  // focus in it stay with the item, not with the place it stood at, or the stake being typed in an open row went.
  it('keeps each item mounted where it moves, with its state and focus', () => {
    const list = (items: string[]) => (
      <VirtualList
        label="Rows"
        items={items}
        itemKey={(item) => item}
        height={400}
        itemHeight={() => 40}
        render={(item) => <Typed name={item} />}
      />
    );
    act(() => root.render(list(['a', 'b', 'c'])));
    const input = container.querySelector<HTMLInputElement>('input[aria-label=b]')!;
    input.value = '12.50';
    input.focus();

    // the row above leaves, then another comes in above
    for (const items of [
      ['b', 'c'],
      ['z', 'y', 'b', 'c'],
    ]) {
      act(() => root.render(list(items)));
      const moved = container.querySelector<HTMLInputElement>('input[aria-label=b]')!;
      expect(moved).toBe(input);
      expect(moved.value).toBe('12.50');
      expect(document.activeElement).toBe(input);
    }
  });
});
