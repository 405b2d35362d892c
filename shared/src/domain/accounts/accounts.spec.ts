import {
  AccountMessages,
  guessablePasswordMessage,
  normaliseEmail,
  isValidEmail,
  validateBankroll,
  validateUsername,
  weakPasswordReasons,
} from './accounts';

// spec 000 §5 username / DECISIONS 6: 3–20 letters, digits or underscore, no leading or trailing underscore.
describe('validateUsername', () => {
  it.each(['abc', 'Sharp_Bettor', 'a1_b2', 'x'.repeat(20), '  trimmed_ok  '])('accepts %p', (name) => {
    expect(validateUsername(name)).toEqual({ ok: true, value: name.trim() });
  });

  it.each(['ab', 'x'.repeat(21), '_lead', 'trail_', 'has space', 'dash-name', 'émile', '', null, 42])(
    'refuses %p with the spec message',
    (name) => {
      expect(validateUsername(name)).toEqual({
        ok: false,
        message: 'Use 3–20 letters, numbers, _ (no leading/trailing _)',
      });
    },
  );
});

// spec 000 §5 bankroll rules and messages; §9 maximum $1,000,000.
describe('validateBankroll', () => {
  it('returns whole cents for numbers and numeric strings', () => {
    expect(validateBankroll(1000)).toEqual({ ok: true, value: 100000 });
    expect(validateBankroll('250.5')).toEqual({ ok: true, value: 25050 });
    expect(validateBankroll(0)).toEqual({ ok: true, value: 0 });
    expect(validateBankroll(1_000_000)).toEqual({ ok: true, value: 100_000_000 });
    expect(validateBankroll(10.005)).toEqual({ ok: true, value: 1001 });
  });

  // DECISIONS 25: half-up to the cent, as every amount typed is read: 1.005 is stored as 1.00499999…, and
  // Math.round(1.005 * 100) made 100 cents of it
  it('rounds to the cent half-up, whatever the float of the dollars given', () => {
    expect(validateBankroll(1.005)).toEqual({ ok: true, value: 101 });
    expect(validateBankroll('1.005')).toEqual({ ok: true, value: 101 });
    expect(validateBankroll(0.285)).toEqual({ ok: true, value: 29 });
    expect(validateBankroll(1.004)).toEqual({ ok: true, value: 100 });
  });

  it('names what is wrong', () => {
    expect(validateBankroll('abc')).toEqual({ ok: false, message: 'Bankroll must be a valid number' });
    expect(validateBankroll(Number.NaN)).toEqual({ ok: false, message: 'Bankroll must be a valid number' });
    expect(validateBankroll(null)).toEqual({ ok: false, message: 'Bankroll must be a valid number' });
    expect(validateBankroll('')).toEqual({ ok: false, message: 'Bankroll must be a valid number' });
    expect(validateBankroll(Infinity)).toEqual({ ok: false, message: 'Bankroll must be a valid number' });
    expect(validateBankroll(-0.01)).toEqual({ ok: false, message: 'Bankroll cannot be negative' });
    expect(validateBankroll(1_000_000.01)).toEqual({ ok: false, message: 'Bankroll cannot exceed $1,000,000' });
    expect(validateBankroll(1e21)).toEqual({ ok: false, message: 'Bankroll cannot exceed $1,000,000' });
  });

  // The bounds were checked on the dollars before rounding: $1,000,000.004 was refused though it keeps $1,000,000.00,
  // and −$0.004 was "negative" though it keeps $0.00. They are the bounds of the cents kept.
  it('checks the bounds on the rounded cents', () => {
    expect(validateBankroll('1000000.004')).toEqual({ ok: true, value: 100_000_000 });
    expect(validateBankroll(1_000_000.004)).toEqual({ ok: true, value: 100_000_000 });
    expect(validateBankroll('1000000.005')).toEqual({ ok: false, message: 'Bankroll cannot exceed $1,000,000' });
    expect(validateBankroll('-0.004')).toEqual({ ok: true, value: 0 });
    expect(validateBankroll('-0.005')).toEqual({ ok: false, message: 'Bankroll cannot be negative' });
  });
});

// spec 000 §8 weak_password with a list of reasons.
describe('weakPasswordReasons', () => {
  it('accepts a long mixed password', () => {
    expect(weakPasswordReasons('correct-horse-42', 'someone@example.com')).toEqual([]);
  });

  it('lists every reason', () => {
    expect(weakPasswordReasons('short')).toEqual(['length', 'characters']);
    expect(weakPasswordReasons('onlyletterslong')).toEqual(['characters']);
    expect(weakPasswordReasons('12345678')).toEqual(['characters']);
    expect(weakPasswordReasons('x'.repeat(120) + '1'.repeat(9))).toEqual(['length']);
    expect(weakPasswordReasons('Bettor99!', 'bettor99@example.com')).toEqual(['email']);
  });
});

describe('guessablePasswordMessage', () => {
  it('says what made a password guessable, each kind once', () => {
    expect(guessablePasswordMessage(['word', 'year', 'word'])).toBe(
      'This password is easy to guess: it is built on a common word and a year. Choose another.',
    );
    expect(guessablePasswordMessage(['product', 'keyboard', 'repeat'])).toBe(
      "This password is easy to guess: it is built on this product's name or its demo password, a run of neighbouring keys and repeated characters. Choose another.",
    );
    expect(guessablePasswordMessage([])).toBe(
      'This password is easy to guess: it is a common word, name or pattern with a few changes. Choose another.',
    );
  });
});

describe('email', () => {
  it('normalises and validates', () => {
    expect(normaliseEmail('  Free@Demo.LOCAL ')).toBe('free@demo.local');
    expect(isValidEmail('free@demo.local')).toBe(true);
    expect(isValidEmail('no-at-sign')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
  });

  it('keeps the spec message for missing credentials', () => {
    expect(AccountMessages.emailAndPasswordRequired).toBe('Please enter both email and password.');
  });
});
