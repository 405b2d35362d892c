import { z } from 'zod';
import { DEFAULT_SCORES_SPORT, isCalendarDay, unsupportedSportMessage } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { rejectWith } from '../validation/zod-validation.pipe';

/** YYYY-MM-DD, or the compact yyyymmdd the validation routine builds (spec 002 §7); null when absent. */
const scoresDay = z
  .unknown()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return null;
    const text = typeof raw === 'string' ? raw.trim() : '';
    const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
    const day = compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
    if (!isCalendarDay(day)) return rejectWith(ctx, ApiErrors.validation('date must be YYYY-MM-DD', 'INVALID_DATE'));
    return day;
  });

/**
 * GET /api/scores?sport&date; the sport is checked against the scoreboards the service knows. NFL only when the sport
 * is absent or blank: a sport given more than once (`sport=a&sport=b`) names no one scoreboard, and answering it with
 * NFL's games would pass them off as the ones asked for (refused with spec 002 §8's message instead).
 */
export const scoresQuerySchema = z.object({
  sport: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return DEFAULT_SCORES_SPORT;
      if (typeof raw !== 'string')
        return rejectWith(ctx, ApiErrors.validation(unsupportedSportMessage(JSON.stringify(raw)), 'UNSUPPORTED_SPORT'));
      return raw.trim() || DEFAULT_SCORES_SPORT;
    }),
  date: scoresDay,
});
export type ScoresQuery = z.output<typeof scoresQuerySchema>;
