import { rowIndexAfter, rowKeyAction } from './row-keyboard';

// The odds table operated by keyboard alone
describe('odds rows by keyboard', () => {
  it('opens a row on Enter or Space and moves with the arrows, Home and End', () => {
    expect(rowKeyAction({ key: 'Enter' })).toBe('toggle');
    expect(rowKeyAction({ key: ' ' })).toBe('toggle');
    expect(rowKeyAction({ key: 'ArrowDown' })).toBe('next');
    expect(rowKeyAction({ key: 'ArrowUp' })).toBe('previous');
    expect(rowKeyAction({ key: 'Home' })).toBe('first');
    expect(rowKeyAction({ key: 'End' })).toBe('last');
  });

  it('leaves Tab and modifier chords to the browser', () => {
    expect(rowKeyAction({ key: 'Tab' })).toBeNull();
    expect(rowKeyAction({ key: 'ArrowDown', altKey: true })).toBeNull();
    expect(rowKeyAction({ key: 'Enter', ctrlKey: true })).toBeNull();
    expect(rowKeyAction({ key: 'Home', metaKey: true })).toBeNull();
  });

  it('stays within the rows', () => {
    expect(rowIndexAfter('next', 0, 3)).toBe(1);
    expect(rowIndexAfter('next', 2, 3)).toBe(2);
    expect(rowIndexAfter('previous', 0, 3)).toBe(0);
    expect(rowIndexAfter('first', 2, 3)).toBe(0);
    expect(rowIndexAfter('last', 0, 3)).toBe(2);
    expect(rowIndexAfter('next', 0, 0)).toBe(-1);
  });
});
