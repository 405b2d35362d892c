import { rovingIndex } from './menu-keyboard';
import { openingKey } from './menu-opening';

// Keyboard navigation: the WAI-ARIA menu (user menu, hamburger) and tabs (section switcher) patterns.
describe('rovingIndex', () => {
  it('moves a vertical menu with ArrowDown / ArrowUp, wrapping at both ends', () => {
    expect(rovingIndex('ArrowDown', 0, 4, 'vertical')).toBe(1);
    expect(rovingIndex('ArrowDown', 3, 4, 'vertical')).toBe(0);
    expect(rovingIndex('ArrowUp', 0, 4, 'vertical')).toBe(3);
    expect(rovingIndex('ArrowUp', 2, 4, 'vertical')).toBe(1);
  });

  it('moves a horizontal tab list with ArrowRight / ArrowLeft, and ignores the other axis', () => {
    expect(rovingIndex('ArrowRight', 1, 2, 'horizontal')).toBe(0);
    expect(rovingIndex('ArrowLeft', 1, 2, 'horizontal')).toBe(0);
    expect(rovingIndex('ArrowDown', 0, 2, 'horizontal')).toBeNull();
    expect(rovingIndex('ArrowRight', 0, 2, 'vertical')).toBeNull();
  });

  it('goes to the first and last item with Home / End', () => {
    expect(rovingIndex('Home', 2, 5, 'vertical')).toBe(0);
    expect(rovingIndex('End', 2, 5, 'horizontal')).toBe(4);
  });

  it('starts from the first (down) or last (up) item when focus is not on an item yet', () => {
    expect(rovingIndex('ArrowDown', -1, 3, 'vertical')).toBe(0);
    expect(rovingIndex('ArrowUp', -1, 3, 'vertical')).toBe(2);
  });

  it('leaves other keys, and empty menus, alone', () => {
    expect(rovingIndex('Enter', 0, 3, 'vertical')).toBeNull();
    expect(rovingIndex('a', 0, 3, 'vertical')).toBeNull();
    expect(rovingIndex('ArrowDown', -1, 0, 'vertical')).toBeNull();
  });
});

describe('openingKey', () => {
  it('opens a menu on its first item with ArrowDown and its last with ArrowUp', () => {
    expect(openingKey('ArrowDown')).toBe('first');
    expect(openingKey('ArrowUp')).toBe('last');
    expect(openingKey('Enter')).toBeNull();
  });
});
