import { z } from 'zod';
import {
  canonicalIsoTime,
  isSteamMarket,
  STEAM_ALERT_ID_PREFIX,
  STEAM_MARKETS,
  type SteamMarket,
} from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { illegalTextAt } from '../validation/text-input.pipe';
import { rejectWith } from '../validation/zod-validation.pipe';
import { bookList, csv } from '../odds/odds.dto';
import type { SteamRecordCursor } from '@oddspulse/core';

/** GET /api/steam: the sports (none: every polled sport) and the books a bettor can take (none: every book). */
export const steamQuerySchema = z.preprocess(
  (query) => {
    const q = (query ?? {}) as Record<string, unknown>;
    return { sports: q.sports ?? q.sport, books: q.books ?? q.bookmakers };
  },
  z.object({ sports: csv, books: bookList }),
);
export type SteamQuery = z.output<typeof steamQuerySchema>;

export const RECORD_PAGE_DEFAULT = 50;
export const RECORD_PAGE_MAX = 200;

/** The record's page cursor: the last alert's found time and id, as base64url JSON (opaque to callers). */
export function recordCursor(cursor: SteamRecordCursor): string {
  return Buffer.from(JSON.stringify([cursor.foundAt.toISOString(), cursor.id])).toString('base64url');
}

/**
 * The position a cursor names, when it is one recordCursor could have written: a time as toISOString writes it from
 * 1970 on, and an alert's id (no control character). Anything else is refused here, not by PostgreSQL as a 500.
 */
function parseCursor(raw: string): SteamRecordCursor | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    const time = typeof at === 'string' ? canonicalIsoTime(at) : Number.NaN;
    const isAlertId = typeof id === 'string' && id.startsWith(STEAM_ALERT_ID_PREFIX) && !illegalTextAt(id, 'before');
    return Number.isNaN(time) || !isAlertId ? null : { foundAt: new Date(time), id };
  } catch {
    return null;
  }
}

const invalid = (message: string) => ApiErrors.validation(message, 'INVALID_STEAM_RECORD_PARAMETER');

/** GET /api/steam/record: one sport, one market, a page size and where the last page ended. */
export const steamRecordQuerySchema = z.object({
  sport: z
    .string()
    .regex(/^[a-z0-9_]{2,64}$/, 'must be a sport key such as americanfootball_nfl')
    .optional()
    .meta({ description: 'One sport; absent: every sport' }),
  market: z
    .unknown()
    .optional()
    .transform((raw, ctx): SteamMarket | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (typeof raw === 'string' && isSteamMarket(raw)) return raw;
      return rejectWith(ctx, invalid(`market must be one of ${STEAM_MARKETS.join(', ')}`));
    })
    .meta({ type: 'string', enum: [...STEAM_MARKETS], description: 'One market; absent: every market' }),
  limit: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return RECORD_PAGE_DEFAULT;
      const value = typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (Number.isInteger(value) && value >= 1 && value <= RECORD_PAGE_MAX) return value;
      return rejectWith(ctx, invalid(`limit must be a whole number between 1 and ${RECORD_PAGE_MAX}`));
    })
    .meta({ type: 'integer', minimum: 1, maximum: RECORD_PAGE_MAX, default: RECORD_PAGE_DEFAULT }),
  before: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return null;
      const cursor = typeof raw === 'string' ? parseCursor(raw) : null;
      return cursor ?? rejectWith(ctx, invalid('before must be the nextBefore of a record page'));
    })
    .meta({ type: 'string', description: "The previous page's nextBefore" }),
});
export type SteamRecordQuery = z.output<typeof steamRecordQuerySchema>;
