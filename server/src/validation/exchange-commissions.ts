import type { z } from 'zod';
import { canonicalBookKey, COMMISSION_BOOKS, isCommissionRate } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { rejectWith } from './zod-validation.pipe';

/** One rate as a request gives it: the book as sent, its rate, and how a refusal of the rate quotes the entry. */
export interface CommissionEntry {
  key: string;
  rate: unknown;
  quoted: string;
}

/**
 * A user's own commission rates, by exchange (the preferences' and the scanners' `commission`): each book one of
 * COMMISSION_BOOKS in any spelling, keyed canonical; each rate a FRACTION from 0 to below 1. The first entry that
 * breaks either rule refuses the request, with the caller's error code for it.
 */
export function exchangeCommissions(
  entries: readonly CommissionEntry[],
  ctx: z.RefinementCtx,
  codes: { book: string; rate: string },
): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const { key, rate, quoted } of entries) {
    const book = canonicalBookKey(key);
    if (!COMMISSION_BOOKS.includes(book))
      return rejectWith(ctx, ApiErrors.validation(`Not an exchange: ${key}`, codes.book));
    if (!isCommissionRate(rate))
      return rejectWith(
        ctx,
        ApiErrors.validation(`Commission must be a fraction from 0 to below 1: ${quoted}`, codes.rate),
      );
    rates[book] = rate;
  }
  return rates;
}
