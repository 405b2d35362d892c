import { z } from 'zod';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyScope } from '@oddspulse/shared';

/** A key's name: what the owner calls it ("trading bot"), 1–60 characters once trimmed. */
export const apiKeyNameSchema = z.object({
  name: z
    .string({ error: 'API key name must be 1–60 characters' })
    .trim()
    .min(1, 'API key name must be 1–60 characters')
    .max(API_KEY_NAME_MAX_LENGTH, 'API key name must be 1–60 characters'),
});

export type ApiKeyNameInput = z.infer<typeof apiKeyNameSchema>;

/**
 * A new key: its name and what it may do. `read` when no scope is given (what every key did before scopes); every
 * key reads, so `read` is always among them, once, first.
 */
export const apiKeyCreateSchema = apiKeyNameSchema.extend({
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `API key scopes must be among: ${API_KEY_SCOPES.join(', ')}` }))
    .max(API_KEY_SCOPES.length * 2, 'Too many API key scopes')
    .default(['read'])
    .transform((given): ApiKeyScope[] => API_KEY_SCOPES.filter((scope) => scope === 'read' || given.includes(scope))),
});

export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

/** The :id of /api/api-keys/:id. */
export const apiKeyIdParam = z.string().uuid();
