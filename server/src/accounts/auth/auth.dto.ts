import { z } from 'zod';
import { AccountMessages, isValidEmail, normaliseEmail } from '@oddspulse/shared';
import { passwordProblems } from './password-policy';
import { ApiErrors } from '../../errors/api-errors';
import { rejectWith, withApiError } from '../../validation/zod-validation.pipe';
import { username } from '../profile/profile.dto';

/** {email, password}; the spec's message when either is missing (spec 000 §5). The email is normalised. */
export const credentialsSchema = withApiError(
  z.object({ email: z.string().trim().min(1).transform(normaliseEmail), password: z.string().min(1) }),
  () => ApiErrors.validation(AccountMessages.emailAndPasswordRequired, 'CREDENTIALS_REQUIRED'),
);
export type Credentials = z.output<typeof credentialsSchema>;

/** POST /api/auth/signup: credentials, a valid address, a strong password and, optionally, a username; checked in that order. */
export const signupSchema = credentialsSchema
  .superRefine(({ email, password }, ctx) => {
    if (!isValidEmail(email))
      return rejectWith(ctx, ApiErrors.validation(AccountMessages.invalidEmail, 'EMAIL_INVALID'));
    const reasons = passwordProblems(password, email);
    if (reasons.length) rejectWith(ctx, ApiErrors.weakPassword(reasons));
  })
  .and(
    z.object({
      username: z
        .preprocess((raw) => (raw === '' || raw === null ? undefined : raw), username.optional())
        .transform((name) => name ?? null),
    }),
  );
export type SignupInput = z.output<typeof signupSchema>;

/** A token or code of plausible shape, else null (which the service answers as "not signed in"). */
const plausibleToken = z
  .unknown()
  .optional()
  .transform((raw) => (typeof raw === 'string' && raw && raw.length <= 200 ? raw : null));

/** POST /api/auth/refresh and /logout: the refresh token (logout also accepts the access token instead). */
export const refreshTokenSchema = z.object({ refresh_token: plausibleToken });

/** POST /api/auth/exchange: the OAuth callback's one-time code. */
export const exchangeSchema = z.object({ code: plausibleToken });

/** POST /api/auth/password-reset */
export const passwordResetSchema = z.object({
  email: withApiError(z.string().transform(normaliseEmail).refine(isValidEmail), () =>
    ApiErrors.validation(AccountMessages.invalidEmail, 'EMAIL_INVALID'),
  ),
});

/** POST /api/auth/password-reset/confirm: the link's token, then the new password (its strength needs the account's email). */
export const confirmPasswordResetSchema = z.object({
  token: withApiError(z.string().min(1).max(200), () => ApiErrors.resetTokenInvalid()),
  password: withApiError(z.string().min(1), () =>
    ApiErrors.validation('Please enter a new password.', 'PASSWORD_REQUIRED'),
  ),
});
export type ConfirmPasswordReset = z.output<typeof confirmPasswordResetSchema>;
