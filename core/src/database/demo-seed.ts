import * as argon2 from 'argon2';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PICK_PREFIX, demoPickHistory, type Plan } from '@oddspulse/shared';
import type { Transaction } from 'kysely';
import type { Database } from './database.module';
import type { DB } from './schema';

/** Password hashing parameters (argon2id, OWASP's minimum profile). */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Picks a day in the demo history of the paid plans' accounts: a newcomer sees a filled tracker and /analytics. */
const DEMO_PICKS_PER_DAY: Partial<Record<Plan, number>> = { platinum: 3, gold: 2 };

/**
 * One account per plan for DEMO_MODE (DECISIONS 7). Idempotent: existing demo users keep their
 * password and data, but their plan is put back to the one their address names. The Gold and Platinum accounts get a
 * 90-day pick history (demoPickHistory), re-created on each run up to `now`: the demo picks of the last run are
 * replaced, never added to, and picks the user added stay.
 */
export async function seedDemoAccounts(db: Database, now = new Date()): Promise<string[]> {
  const hash = await argon2.hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const seeded: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      const inserted = await trx
        .insertInto('users')
        .values({ email: account.email })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      const user =
        inserted ??
        (await trx.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow());
      if (inserted) {
        await trx.insertInto('password_credentials').values({ user_id: user.id, hash }).execute();
        seeded.push(account.email);
      }
      // a demo address is the demo's own: its mail lands where only the developer reads it (DECISIONS 33)
      await trx
        .updateTable('users')
        .set({ email_verified_at: now })
        .where('id', '=', user.id)
        .where('email_verified_at', 'is', null)
        .execute();
      // Spec 000 §3: the demo username is the part of the email before the @ sign.
      await trx
        .insertInto('profiles')
        .values({ id: user.id, username: account.email.split('@')[0] })
        .onConflict((oc) => oc.doNothing()) // an existing profile, or the name already taken by a real user
        .execute();
      await trx
        .insertInto('plan_states')
        .values({
          user_id: user.id,
          plan: account.plan,
          status: 'active',
          is_gifted: false,
          cancel_at_period_end: false,
          current_period_end: null,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ plan: account.plan, status: 'active', updated_at: new Date() }),
        )
        .execute();
      const perDay = DEMO_PICKS_PER_DAY[account.plan];
      if (perDay) await seedDemoPicks(trx, user.id, account.email, perDay, now);
    }
  });
  return seeded;
}

async function seedDemoPicks(
  trx: Transaction<DB>,
  userId: string,
  email: string,
  perDay: number,
  now: Date,
): Promise<void> {
  await trx
    .deleteFrom('picks')
    .where('user_id', '=', userId)
    .where('client_id', 'like', `${DEMO_PICK_PREFIX}%`)
    .execute();
  const rows = demoPickHistory(email, now, perDay).map((pick) => ({
    user_id: userId,
    client_id: pick.clientId,
    game: pick.game,
    league: pick.league,
    sport: pick.sport,
    market: pick.market,
    selection: pick.selection,
    odds: pick.odds,
    bookmaker: pick.bookmaker,
    stake_cents: pick.stakeCents,
    potential_cents: pick.potentialCents,
    actual_payout_cents: pick.actualPayoutCents,
    status: pick.status,
    type: 'single' as const,
    edge: pick.edge,
    note: pick.note,
    commence_time: new Date(pick.commenceTime),
    date_added: new Date(pick.dateAdded),
    settled_date: pick.settledDate ? new Date(pick.settledDate) : null,
    validated_by: pick.validatedBy,
    validation_confidence: pick.validationConfidence,
    closing_odds: pick.closingOdds,
    clv: pick.clv,
  }));
  if (rows.length) await trx.insertInto('picks').values(rows).execute();
}
