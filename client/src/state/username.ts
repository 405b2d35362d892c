/** The one username rule (DECISIONS 6, spec 000 §5) and the status texts of the username check. */
export const USERNAME_PATTERN = /^(?!_)[A-Za-z0-9_]{3,20}(?<!_)$/;
export const USERNAME_RULE_MESSAGE = 'Use 3–20 letters, numbers, _ (no leading/trailing _)';
export const USERNAME_DEBOUNCE_MS = 350;

export type UsernameCheck = 'idle' | 'checking' | 'ok' | 'taken' | 'invalid' | 'saving' | 'saved' | 'error' | 'locked';

export const USERNAME_STATUS_TEXT: Partial<Record<UsernameCheck, string>> = {
  checking: 'Checking availability...',
  ok: 'Available',
  taken: 'Already taken',
  invalid: USERNAME_RULE_MESSAGE,
  saving: 'Saving...',
  saved: 'Saved successfully',
  error: 'Error saving. Try again.',
  locked: 'Username is locked and cannot be changed.',
};

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value.trim());
}
