/** What other features use of account: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { UsernameStatus, usernameInputAria, useUsernameCheck } from './UsernameField';
export {
  authProvidersQuery,
  confirmPasswordReset,
  exchangeOAuthCode,
  oauthStartUrl,
  signIn,
  signUp,
} from './account-api';
export type { AuthProviders } from './account-api';
export { useResetLinkRequest } from './reset-link';
export { useSecurityActivityChanged } from './security-api';
