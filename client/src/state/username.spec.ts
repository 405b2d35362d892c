import { isValidUsername } from './username';

// DECISIONS 6: 3–20 letters, digits or underscore, no leading or trailing underscore
describe('isValidUsername', () => {
  it.each(['abc', 'sharp_bettor', 'A1234567890123456789', '  trimmed  '])('accepts %p', (name) => expect(isValidUsername(name)).toBe(true));
  it.each(['ab', '_lead', 'trail_', 'has-hyphen', 'sp ace', 'A12345678901234567890', ''])('refuses %p', (name) => expect(isValidUsername(name)).toBe(false));
});
