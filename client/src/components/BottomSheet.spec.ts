import { SHEET_CLOSE_MS, SheetStack, swipeCloses } from './BottomSheet';

describe('mobile bottom sheet (spec 001 §2, §9)', () => {
  it('closes on a swipe down of more than 90 px, with a 500 ms animation', () => {
    expect(swipeCloses(100, 190)).toBe(false);
    expect(swipeCloses(100, 191)).toBe(true);
    expect(swipeCloses(300, 100)).toBe(false);
    expect(SHEET_CLOSE_MS).toBe(500);
  });

  it('gives Escape to the innermost open sheet (the date sheet inside Filters), one sheet per press', () => {
    const stack = new SheetStack();
    stack.push('filters');
    expect(stack.isTop('filters')).toBe(true);
    stack.push('dates');
    expect(stack.isTop('dates')).toBe(true);
    expect(stack.isTop('filters')).toBe(false);
    stack.remove('dates');
    expect(stack.isTop('filters')).toBe(true);
    stack.remove('filters');
    expect(stack.isTop('filters')).toBe(false);
  });
});
