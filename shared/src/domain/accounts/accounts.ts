import { dollarsToCents } from '../../engine/odds/money';

/**
 * Account validation rules shared by the server (authoritative) and the client (instant feedback).
 * Messages are the spec's, verbatim (spec 000 §5, §8; DECISIONS 6).
 */

export const AccountMessages = {
  emailAndPasswordRequired: 'Please enter both email and password.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid login credentials',
  emailTaken: 'User already registered',
  usernameRule: 'Use 3–20 letters, numbers, _ (no leading/trailing _)',
  usernameTaken: 'This username is already in use',
  usernameLocked: 'Username is locked and cannot be changed.',
  bankrollNotANumber: 'Bankroll must be a valid number',
  bankrollNegative: 'Bankroll cannot be negative',
  bankrollTooLarge: 'Bankroll cannot exceed $1,000,000',
  authenticationRequired: 'Authentication required',
  subscriptionRequired: 'Subscription required for API access',
  platinumRequired: 'This feature requires a Platinum subscription.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  csrfFailed: 'CSRF token validation failed',
  apiKeyNotAllowed: 'API keys can only read odds, props, scanners, scores and history. Sign in to do this.',
  resetLinkSent: 'Reset link sent! Check your inbox.',
  resetLinkFailed: 'Could not send reset link.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  verificationSent: 'Verification link sent! Check your inbox.',
  verificationFailed: 'Could not send the verification link.',
  verificationTokenInvalid: 'This verification link is invalid or has expired. Sign in and ask for a new one.',
  emailVerified: 'Your email address is verified.',
  alreadyVerified: 'Your email address is already verified.',
  closePasswordRequired: 'Enter your password to close your account.',
  closePasswordWrong: 'That password is not right. Your account is still open.',
  closeNeedsPassword:
    'This account signs in with Google or Apple and has no password: confirm with the link we email you instead.',
  closeHasPassword: 'This account has a password: enter it to close your account.',
  closeLinkSent: 'We emailed you a link that closes your account. Open it in this browser to confirm.',
  closeLinkFailed: 'Could not send the link that closes your account.',
  closeLinkInvalid: 'This link to close your account is invalid or has expired. Your account is still open.',
  accountClosed: 'Your account is closed and you are signed out everywhere.',
} as const;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** DECISIONS 6: 3–20 letters, digits or underscore, no leading or trailing underscore. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_]{1,18}[A-Za-z0-9]$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;

/** Trims, then checks the one username rule of DECISIONS 6. Case is kept; uniqueness ignores it. */
export function validateUsername(raw: unknown): ValidationResult<string> {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!USERNAME_PATTERN.test(value)) return { ok: false, message: AccountMessages.usernameRule };
  return { ok: true, value };
}

/** The bankroll ceiling of spec 000 §9, in whole dollars. */
export const MAX_BANKROLL = 1_000_000;
export const BANKROLL_PRESETS: readonly number[] = [100, 250, 500, 1000, 2500, 5000, 10000, 25000];

/**
 * Spec 000 §5 bankroll rules. Accepts a number or a numeric string (a form field); returns whole cents, rounded
 * half-up once as every amount typed is read (dollarsToCents, DECISIONS 25: 1.005 is $1.01), so money is never a float
 * past this point. The bounds are those of the amount kept, the rounded cents: $1,000,000.004 is $1,000,000.00 and
 * allowed, −$0.004 is $0.00.
 */
export function validateBankroll(raw: unknown): ValidationResult<number> {
  const cents = typeof raw === 'number' || typeof raw === 'string' ? dollarsToCents(raw) : null;
  if (cents === null) {
    // a number too long to count in whole cents exactly (1e21) is far over the ceiling, not "not a number"
    const number = Number(raw);
    const tooLarge = Number.isFinite(number) && number > MAX_BANKROLL;
    return { ok: false, message: tooLarge ? AccountMessages.bankrollTooLarge : AccountMessages.bankrollNotANumber };
  }
  if (cents < 0) return { ok: false, message: AccountMessages.bankrollNegative };
  if (cents > MAX_BANKROLL * 100) return { ok: false, message: AccountMessages.bankrollTooLarge };
  return { ok: true, value: cents };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-cased and trimmed, as users.email stores it. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  const email = normaliseEmail(raw);
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The reasons of the auth layer's weak_password error (spec 000 §8), each with the sentence shown. */
export type WeakPasswordReason = 'length' | 'characters' | 'email' | 'common' | 'guessable';

export const WEAK_PASSWORD_MESSAGES: Record<WeakPasswordReason, string> = {
  length: `Password should be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters.`,
  characters: 'Password should contain at least one letter and one number or symbol.',
  email: 'Password should not contain your email address.',
  common: 'This password is too common: it appears in lists of leaked passwords. Choose another.',
  guessable: 'This password is easy to guess: it is a common word, name or pattern with a few changes. Choose another.',
};

/**
 * What makes a password easy to guess, as zxcvbn's matchers found it (the server scores it): each the kind of a guessable
 * part, in the order the password has them.
 */
export type GuessablePart =
  'common-password' | 'product' | 'email' | 'word' | 'name' | 'year' | 'date' | 'keyboard' | 'sequence' | 'repeat';

const GUESSABLE_PART_WORDS: Record<GuessablePart, string> = {
  'common-password': 'a common password',
  product: "this product's name or its demo password",
  email: 'your email address',
  word: 'a common word',
  name: 'a common name',
  year: 'a year',
  date: 'a date',
  keyboard: 'a run of neighbouring keys',
  sequence: 'a sequence such as abc or 123',
  repeat: 'repeated characters',
};

/**
 * Why a password is refused as guessable, in a sentence the form shows: "This password is easy to guess: it is built on
 * a common word and a year. Choose another." The general sentence when the parts are not known.
 */
export function guessablePasswordMessage(parts: readonly GuessablePart[]): string {
  const words = [...new Set(parts)].map((part) => GUESSABLE_PART_WORDS[part]);
  if (!words.length) return WEAK_PASSWORD_MESSAGES.guessable;
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  return `This password is easy to guess: it is built on ${list}. Choose another.`;
}

/**
 * Empty when the password is strong enough; otherwise every reason it is not. The server adds `common` from
 * the list of leaked passwords it ships and `guessable` from zxcvbn's score (both too large for the browser).
 */
export function weakPasswordReasons(password: string, email?: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) reasons.push('length');
  if (!/\p{L}/u.test(password) || !/[^\p{L}\s]/u.test(password)) reasons.push('characters');
  const local = email ? normaliseEmail(email).split('@')[0] : '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) reasons.push('email');
  return reasons;
}
