import { trappedTabTarget } from './focus-trap';

// The game modal did not trap the focus
describe('trappedTabTarget', () => {
  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    expect(trappedTabTarget(3, 2, false)).toBe(0);
    expect(trappedTabTarget(3, 0, true)).toBe(2);
  });

  it('leaves moves inside the dialog to the browser', () => {
    expect(trappedTabTarget(3, 0, false)).toBeNull();
    expect(trappedTabTarget(3, 2, true)).toBeNull();
  });

  it('takes the focus in from the dialog itself, and does nothing without controls', () => {
    expect(trappedTabTarget(3, -1, false)).toBe(0);
    expect(trappedTabTarget(3, -1, true)).toBe(2);
    expect(trappedTabTarget(0, -1, false)).toBeNull();
  });
});
