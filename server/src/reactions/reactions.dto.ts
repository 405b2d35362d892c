import { z } from 'zod';
import { parseGameKey, parseReactionAction, parseReactionEmoji, ReactionMessages } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { readWith } from '../validation/zod-validation.pipe';

/** The :gameKey of /api/reactions (DECISIONS 22: the event id when there is one, else the documents' gameKey). */
export const gameKeyParam = readWith(parseGameKey, () =>
  ApiErrors.validation(ReactionMessages.invalidGameKey, 'INVALID_GAME_KEY'),
);

/** POST /api/reactions/:gameKey (spec 002 §4): an emoji by name or character, added unless `action` is remove. */
export const reactSchema = z.object({
  emoji: readWith(parseReactionEmoji, () => ApiErrors.validation(ReactionMessages.invalidEmoji, 'INVALID_REACTION')),
  action: readWith(
    (action) => parseReactionAction(action ?? 'add'),
    () => ApiErrors.validation(ReactionMessages.invalidAction, 'INVALID_REACTION'),
  ),
});
export type ReactInput = z.output<typeof reactSchema>;
