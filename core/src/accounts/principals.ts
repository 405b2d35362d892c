import type { Kysely } from 'kysely';
import type { PlanColumns } from '@oddspulse/shared';
import type { DB } from '../database/schema';
import { JOINED_PLAN_COLUMNS } from './plan.repository';

/**
 * What a credential (a session, an API key) resolves to before the plan in force is worked out from it
 * (`currentAccess`): the user, whether their address is proved theirs, and their plan row (null columns for a user
 * who never had one).
 */
export interface PrincipalRow extends PlanColumns {
  user_id: string;
  email: string;
  email_verified_at: Date | null;
}

/** Every user as a `PrincipalRow` (`users as u`, `plan_states as p`), for a credential's query to join and narrow. */
export function selectPrincipals(db: Kysely<DB>) {
  return db
    .selectFrom('users as u')
    .leftJoin('plan_states as p', 'p.user_id', 'u.id')
    .select(['u.id as user_id', 'u.email', 'u.email_verified_at', ...JOINED_PLAN_COLUMNS]);
}
