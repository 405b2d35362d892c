import { SHEET_CLOSE_MS, swipeCloses } from './BottomSheet';
import { EscapeLayers } from './keyboard/escape-layers';

describe('mobile bottom sheet (spec 001 §2, §9)', () => {
  it('closes on a swipe down of more than 90 px, with a 500 ms animation', () => {
    expect(swipeCloses(100, 190)).toBe(false);
    expect(swipeCloses(100, 191)).toBe(true);
    expect(swipeCloses(300, 100)).toBe(false);
    expect(SHEET_CLOSE_MS).toBe(500);
  });
});

describe('Escape closes the innermost open sheet only (spec 001 §2)', () => {
  it('gives Escape to the sheet opened last (Sportsbooks inside Filters), one sheet per press', () => {
    const layers = new EscapeLayers();
    const closed: string[] = [];
    const removeFilters = layers.push(() => closed.push('filters'));
    const removeBooks = layers.push(() => closed.push('sportsbooks'));
    expect(layers.escape()).toBe(true);
    expect(closed).toEqual(['sportsbooks']);
    removeBooks();
    expect(layers.escape()).toBe(true);
    expect(closed).toEqual(['sportsbooks', 'filters']);
    removeFilters();
    expect(layers.escape()).toBe(false);
    expect(closed).toEqual(['sportsbooks', 'filters']);
  });

  it('keeps the opening order when a sheet closes out of turn', () => {
    const layers = new EscapeLayers();
    const closed: string[] = [];
    layers.push(() => closed.push('filters'));
    const removeDates = layers.push(() => closed.push('dates'));
    layers.push(() => closed.push('modal'));
    removeDates();
    removeDates(); // removing twice is harmless
    expect(layers.size).toBe(2);
    layers.escape();
    expect(closed).toEqual(['modal']);
  });
});
