import { SHEET_CLOSE_MS, swipeCloses } from './BottomSheet';

describe('mobile bottom sheet (spec 001 §2, §9)', () => {
  it('closes on a swipe down of more than 90 px, with a 500 ms animation', () => {
    expect(swipeCloses(100, 190)).toBe(false);
    expect(swipeCloses(100, 191)).toBe(true);
    expect(swipeCloses(300, 100)).toBe(false);
    expect(SHEET_CLOSE_MS).toBe(500);
  });
});
