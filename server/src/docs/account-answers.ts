import { z } from 'zod';
import {
  API_KEY_SCOPES,
  OPS_ROLES,
  PLANS,
  type ApiKeySummary,
  type ApiKeyWithSecret,
  type Plan,
  type OpsRole,
  type SecurityActivityEntry,
} from '@oddspulse/shared';
import type { OutboxEntry } from '@oddspulse/core';
import type { Session } from '../accounts/auth/session.service';
import type { CookieSession } from '../accounts/auth/session-cookies';
import type { MeResponse } from '../accounts/plans/plan.service';
import type { ProfileResponse } from '../accounts/profile/profile.service';
import type { PreferencesResponse } from '../accounts/profile/preferences.service';
import type { ClosedAccount } from '../account-closing/account-closing.service';
import { isoTime } from './answers';

/**
 * The answers of the account routes (sign-in, the user, profile, preferences, keys, security activity), typed against
 * the interfaces their services return (`z.ZodType<T>`): an answer that changes shape without its schema fails to
 * compile, and api-docs.int-spec checks real answers against the document.
 */

const plan = z.enum(PLANS) as z.ZodType<Plan>;
const seconds = z.number().int();

const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  created_at: isoTime,
  user_metadata: z.object({ username: z.string().nullable() }),
});

const bearerSession: z.ZodType<Session> = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: seconds.meta({ description: 'Seconds the access token lives' }),
  expires_at: seconds.meta({ description: 'When the access token ends, seconds since the epoch' }),
  token_type: z.literal('bearer'),
  user: sessionUser,
});

const cookieSession: z.ZodType<CookieSession> = z.object({
  expires_in: seconds,
  expires_at: seconds,
  token_type: z.literal('cookie'),
  user: sessionUser,
});

/**
 * A signed-in session: its tokens in the answer (`bearer`, scripts), or in HttpOnly cookies set beside it when the
 * request asked for the cookie transport (`cookie`, the web app: DECISIONS 35), the answer then carrying none.
 */
export const sessionAnswerSchema = z.union([bearerSession, cookieSession]).meta({
  description: 'A session: tokens in the body (token_type bearer) or in HttpOnly cookies (token_type cookie)',
});

export const messageAnswerSchema: z.ZodType<{ message: string }> = z.object({
  message: z.string().meta({ description: "The spec's message, shown to people as it is" }),
});

export const providersAnswerSchema = z.object({
  password: z.literal(true),
  google: z.boolean(),
  apple: z.boolean(),
  demo: z
    .object({
      accounts: z.array(
        z.object({ email: z.string(), plan, role: (z.enum(OPS_ROLES) as z.ZodType<OpsRole>).optional() }),
      ),
      password: z.string(),
    })
    .nullable()
    .meta({ description: 'The seeded demo accounts and their password, in demo mode only (DECISIONS 7)' }),
});

export const emailVerifiedAnswerSchema: z.ZodType<{ email: string; message: string }> = z.object({
  email: z.string(),
  message: z.string(),
});

export const meAnswerSchema: z.ZodType<MeResponse & { email_verified: boolean }> = z.object({
  id: z.string(),
  email: z.string(),
  plan,
  unlimited: z.boolean().meta({ description: 'No monthly limit on odds-data calls' }),
  metered: z.boolean(),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  is_gifted: z.boolean(),
  subscription_end_date: isoTime.nullable(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  role: (z.enum(OPS_ROLES) as z.ZodType<OpsRole>).nullable(),
  email_verified: z.boolean(),
});

export const profileAnswerSchema: z.ZodType<ProfileResponse> = z.object({
  id: z.string(),
  username: z.string().nullable(),
  updated_at: isoTime,
  username_locked: z.boolean().meta({ description: 'A username is chosen once (spec 000 §7)' }),
});

export const usernameAvailableAnswerSchema: z.ZodType<{ username: string; available: boolean }> = z.object({
  username: z.string(),
  available: z.boolean(),
});

const commissionRates = z
  .record(z.string(), z.number())
  .meta({ description: 'Exchange commission rates by book, as FRACTIONS (0.02 is 2 %)' });

export const preferencesAnswerSchema: z.ZodType<PreferencesResponse> = z.object({
  sportsbooks: z.array(z.string()).meta({ description: "The user's saved books: every table's start (DECISIONS 36)" }),
  props_sportsbooks: z.array(z.string()),
  sportsbooks_hidden_by_plan: z.array(z.string()).meta({
    description: 'Saved books the plan hides now (a downgrade): kept, and back among `sportsbooks` on an upgrade',
  }),
  props_sportsbooks_hidden_by_plan: z.array(z.string()),
  bankroll: z.number().meta({ description: 'Dollars and cents, e.g. 1000 or 250.5' }),
  favorites: z.array(z.string()),
  odds_format: z.enum(['american', 'decimal', 'fractional']),
  commissions: commissionRates,
  effective_commissions: commissionRates,
  selectable_sportsbooks: z.array(z.string()).meta({ description: 'The books this plan may choose (spec 000 §5)' }),
  updated_at: isoTime.nullable(),
});

const apiKeyFields = {
  id: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: "The key's first characters, to tell keys apart" }),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
};

export const apiKeySchema: z.ZodType<ApiKeySummary> = z.object(apiKeyFields);

export const apiKeyWithSecretSchema: z.ZodType<ApiKeyWithSecret> = z.object({
  ...apiKeyFields,
  key: z.string().meta({ description: 'The key itself, shown this once' }),
});

export const securityActivitySchema: z.ZodType<SecurityActivityEntry[]> = z.array(
  z.object({
    id: z.string(),
    action: z.string().meta({ example: 'auth.login' }),
    at: isoTime,
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).meta({ description: 'What the entry is about; never a secret' }),
    by_operator: z.boolean(),
  }),
);

export const devOutboxSchema: z.ZodType<OutboxEntry[]> = z.array(
  z.object({
    to: z.string(),
    replyTo: z.string().optional(),
    subject: z.string(),
    text: z.string(),
    sent_at: isoTime,
  }),
);

export const closeConfirmationSchema = z.object({
  confirm_with: z.enum(['password', 'email']).meta({
    description:
      'password: enter it again; email: an account without one is mailed a link (POST /api/account/close/link)',
  }),
});

export const closeLinkSentSchema = z.object({ message: z.string() });

export const closedAccountSchema: z.ZodType<ClosedAccount> = z.object({
  message: z.string(),
  subscription_ends_at: isoTime
    .nullable()
    .meta({ description: "A cancelled subscription's period end (no further charge), or null" }),
});
