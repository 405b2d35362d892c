import type { ColumnType, Generated } from 'kysely';
import type { Plan } from '@oddspulse/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Table types, written by hand to match the reviewed SQL in server/migrations. */
export interface UsersTable {
  id: Generated<string>;
  email: string;
  created_at: Generated<Date>;
}

export interface PasswordCredentialsTable {
  user_id: string;
  hash: string;
  updated_at: Timestamp;
}

export interface PlanStatesTable {
  user_id: string;
  plan: Plan;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';
  current_period_end: Date | null;
  is_gifted: boolean;
  cancel_at_period_end: boolean;
  updated_at: Timestamp;
}

/** One price or line change of one outcome at one bookmaker (migration 0003). */
export interface OddsHistoryTable {
  id: Generated<string>;
  sport_key: string;
  event_id: string;
  bookmaker_key: string;
  bookmaker_title: string;
  market_key: string;
  outcome_name: string;
  description: Generated<string>;
  price: number;
  point: number | null;
  last_update: Timestamp;
  recorded_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  password_credentials: PasswordCredentialsTable;
  plan_states: PlanStatesTable;
  odds_history: OddsHistoryTable;
}
