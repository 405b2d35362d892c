import { AccountMessages, validateUsername } from '@oddspulse/shared';

/** The username check's states and status texts (spec 000 §4, §5); the rule itself is shared (DECISIONS 6). */
export const USERNAME_DEBOUNCE_MS = 350;

export type UsernameCheck = 'idle' | 'checking' | 'ok' | 'taken' | 'invalid' | 'saving' | 'saved' | 'error' | 'locked';

export const USERNAME_STATUS_TEXT: Partial<Record<UsernameCheck, string>> = {
  checking: 'Checking availability...',
  ok: 'Available',
  taken: 'Already taken',
  invalid: AccountMessages.usernameRule,
  saving: 'Saving...',
  saved: 'Saved successfully',
  error: 'Error saving. Try again.',
  locked: AccountMessages.usernameLocked,
};

export function isValidUsername(value: string): boolean {
  return validateUsername(value).ok;
}
