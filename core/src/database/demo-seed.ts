import * as argon2 from 'argon2';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@oddspulse/shared';
import type { Database } from './database.module';

/** Password hashing parameters (argon2id, OWASP's minimum profile). */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One account per plan for DEMO_MODE (DECISIONS 7). Idempotent: existing demo users keep their
 * password and data, but their plan is put back to the one their address names.
 */
export async function seedDemoAccounts(db: Database): Promise<string[]> {
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
      const user = inserted ?? (await trx.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow());
      if (inserted) {
        await trx.insertInto('password_credentials').values({ user_id: user.id, hash }).execute();
        seeded.push(account.email);
      }
      // Spec 000 §3: the demo username is the part of the email before the @ sign.
      await trx
        .insertInto('profiles')
        .values({ id: user.id, username: account.email.split('@')[0] })
        .onConflict((oc) => oc.doNothing()) // an existing profile, or the name already taken by a real user
        .execute();
      await trx
        .insertInto('plan_states')
        .values({ user_id: user.id, plan: account.plan, status: 'active', is_gifted: false, cancel_at_period_end: false, current_period_end: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ plan: account.plan, status: 'active', updated_at: new Date() }))
        .execute();
    }
  });
  return seeded;
}
