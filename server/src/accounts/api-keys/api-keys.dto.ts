import { z } from 'zod';
import { API_KEY_NAME_MAX_LENGTH } from '@oddspulse/shared';

/** A key's name: what the owner calls it ("trading bot"), 1–60 characters once trimmed. */
export const apiKeyNameSchema = z.object({
  name: z
    .string({ error: 'API key name must be 1–60 characters' })
    .trim()
    .min(1, 'API key name must be 1–60 characters')
    .max(API_KEY_NAME_MAX_LENGTH, 'API key name must be 1–60 characters'),
});

export type ApiKeyNameInput = z.infer<typeof apiKeyNameSchema>;

/** The :id of /api/api-keys/:id. */
export const apiKeyIdParam = z.string().uuid();
