import { dictionary } from '@zxcvbn-ts/language-common';
import { weakPasswordReasons, type WeakPasswordReason } from '@oddspulse/shared';

/** zxcvbn-ts's ~49,000 most frequent passwords from public breaches, shipped with the product, lower-cased. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/**
 * The password rules of sign-up and reset: the shared strength rules (spec 000 §8 weak_password), plus the list of
 * common and leaked passwords, checked without any network call and ignoring case.
 */
export function passwordProblems(password: string, email: string): WeakPasswordReason[] {
  const reasons = weakPasswordReasons(password, email);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('common');
  return reasons;
}
