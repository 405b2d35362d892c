import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable, type Transaction } from 'kysely';
import type {
  AlertChannel,
  AlertDeliveryStatus,
  AlertKind,
  AlertRuleCriteria,
  AlertSummary,
  PlanColumns,
  PriceTarget,
} from '@oddspulse/shared';
import {
  type AdvisoryLockClass,
  endSession,
  lockUntilCommit,
  tryLockSession,
  unlockSession,
} from '../database/advisory-locks';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { AlertRules, DB } from '../database/schema';
import { JOINED_PLAN_COLUMNS } from '../accounts/plan.repository';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

/** A rule as stored (updated_at and the target's event id, which the database derives for its index, left out). */
export type AlertRuleRow = Omit<Selectable<AlertRules>, 'updated_at' | 'target_event_id'>;

/** What a stored rule asks for, as the API answers it and evaluation reads it (the user's commission rates aside). */
export function alertRuleCriteria(row: AlertRuleRow): Omit<AlertRuleCriteria, 'commission'> {
  return {
    kind: row.kind,
    min: row.min,
    sports: row.sports,
    books: row.books,
    maxLegAgeSeconds: row.max_leg_age_seconds,
    quietHours:
      row.quiet_start !== null && row.quiet_end !== null
        ? { start: row.quiet_start, end: row.quiet_end, timeZone: row.time_zone }
        : null,
    target: row.target,
  };
}

/** The fields a user sets on a rule. */
export type AlertRuleFields = Pick<
  Selectable<AlertRules>,
  | 'kind'
  | 'min'
  | 'sports'
  | 'books'
  | 'max_leg_age_seconds'
  | 'quiet_start'
  | 'quiet_end'
  | 'time_zone'
  | 'webhook_url'
  | 'push'
  | 'email'
> & { target: PriceTarget | null };

/** The fields as the table takes them: the target as JSON. */
function stored(fields: AlertRuleFields) {
  return { ...fields, target: fields.target && JSON.stringify(fields.target) };
}

/** A rule with its owner's plan row, as evaluation reads it. */
export interface AlertRuleWithPlan extends AlertRuleRow, PlanColumns {
  /** The user's own exchange commission rates (preferences), null without a preferences row. */
  commissions: Record<string, number> | null;
}

export interface AlertDeliveryRow {
  id: number;
  rule_id: string;
  user_id: string;
  opportunity_id: string;
  channel: AlertChannel;
  status: AlertDeliveryStatus;
  reason: string | null;
  attempts: number;
  summary: AlertSummary;
  created_at: Date;
  updated_at: Date;
}

export interface NewDelivery {
  rule_id: string;
  user_id: string;
  opportunity_id: string;
  channel: AlertChannel;
  summary: AlertSummary;
}

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const RULE_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'min',
  'sports',
  'books',
  'max_leg_age_seconds',
  'quiet_start',
  'quiet_end',
  'time_zone',
  'webhook_url',
  'push',
  'email',
  'webhook_failures',
  'webhook_disabled_at',
  'notice',
  'created_at',
  'target',
  'target_crossed',
  'target_crossings',
] as const;

const DELIVERY_COLUMNS = [
  'id',
  'rule_id',
  'user_id',
  'opportunity_id',
  'channel',
  'status',
  'reason',
  'attempts',
  'summary',
  'created_at',
  'updated_at',
] as const;

/** Alert rules, the per-user webhook secret, push subscriptions and deliveries (migration 0012). */
/** A delivery's tries with one more counted, up to `limit`: a try past it is not made, so it is not counted. */
const oneMoreTry = (limit: number) => sql<number>`CASE WHEN attempts < ${limit} THEN attempts + 1 ELSE attempts END`;

@Injectable()
export class AlertsRepository {
  constructor(
    @Inject(KYSELY) private readonly db: Database,
    private readonly redis: RedisService,
  ) {}

  /**
   * A price target's crossing and the claim of its deliveries commit together (crossTarget and claim with `trx`), as do
   * a new rule and the count it was allowed by (lockForCreating and createRule).
   */
  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  createRule(userId: string, fields: AlertRuleFields, db: Executor = this.db): Promise<AlertRuleRow> {
    return db
      .insertInto('alert_rules')
      .values({ user_id: userId, ...stored(fields), webhook_disabled_at: null, notice: null, updated_at: new Date() })
      .returning(RULE_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  listRules(userId: string): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .select(RULE_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Holds the user's lock on creating rules until `trx` ends, and answers how many rules the user has: each creation
   * takes it first, so two at once cannot both pass the limit (MAX_ALERT_RULES).
   */
  async lockForCreating(userId: string, trx: Transaction<DB>): Promise<number> {
    await lockUntilCommit(trx, 'alertRules', userId);
    const row = await trx
      .selectFrom('alert_rules')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async findRule(userId: string, id: string): Promise<AlertRuleRow | null> {
    return (
      (await this.db
        .selectFrom('alert_rules')
        .select(RULE_COLUMNS)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  /**
   * Saving a rule turns a disabled webhook back on: the user has seen the notice and acted on it. A changed price target
   * starts uncrossed, so it fires as soon as the new target is met.
   */
  async updateRule(userId: string, id: string, fields: AlertRuleFields): Promise<AlertRuleRow | null> {
    const values = stored(fields);
    const row = await this.db
      .updateTable('alert_rules')
      .set({
        ...values,
        target_crossed: sql<boolean>`CASE WHEN target IS DISTINCT FROM ${values.target}::jsonb THEN false ELSE target_crossed END`,
        webhook_failures: 0,
        webhook_disabled_at: null,
        notice: null,
        updated_at: new Date(),
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(RULE_COLUMNS)
      .executeTakeFirst();
    return row ?? null;
  }

  async deleteRule(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('alert_rules')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The user's webhook signing secret, made with `fresh` if there is none; `created` says whether it was. */
  async ensureSecret(userId: string, fresh: string): Promise<{ secret: string; created: boolean }> {
    const inserted = await this.db
      .insertInto('alert_secrets')
      .values({ user_id: userId, secret: fresh })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('secret')
      .executeTakeFirst();
    if (inserted) return { secret: inserted.secret, created: true };
    const row = await this.db
      .selectFrom('alert_secrets')
      .select('secret')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { secret: row.secret, created: false };
  }

  /**
   * Replaces the user's signing secret (or makes the first one). The replaced secret keeps signing beside the new one
   * for `overlapSeconds`, so receivers can take the new one without refusing a delivery in between.
   */
  async replaceSecret(userId: string, fresh: string, overlapSeconds: number): Promise<void> {
    await this.db
      .insertInto('alert_secrets')
      .values({ user_id: userId, secret: fresh, previous_secret: null, previous_valid_until: null })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          secret: fresh,
          previous_secret: sql<string>`alert_secrets.secret`,
          previous_valid_until: sql<Date>`now() + make_interval(secs => ${overlapSeconds})`,
        }),
      )
      .execute();
  }

  /** The secrets that sign the user's webhooks now: the current one first, then a replaced one still in its overlap. */
  async signingSecrets(userId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('alert_secrets')
      .select([
        'secret',
        sql<string | null>`CASE WHEN previous_valid_until > now() THEN previous_secret END`.as('previous'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return [];
    return row.previous ? [row.secret, row.previous] : [row.secret];
  }

  /** Newest first. */
  deliveries(userId: string, ruleId: string, limit = 50): Promise<AlertDeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries')
      .select(DELIVERY_COLUMNS)
      .where('user_id', '=', userId)
      .where('rule_id', '=', ruleId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * A browser's subscription for this user (migration 0020: a row per user and endpoint); the same endpoint registered
   * again by the same user takes its new keys. Another account's row for the endpoint is never touched.
   */
  async savePushSubscription(userId: string, endpoint: string, p256dh: string, auth: string): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint, p256dh, auth })
      .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ p256dh, auth }))
      .execute();
  }

  async deletePushSubscription(endpoint: string, userId?: string): Promise<void> {
    let query = this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
    if (userId) query = query.where('user_id', '=', userId);
    await query.execute();
  }

  pushSubscriptions(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Rules with their owners' plans and commission rates (evaluation decides the plan gate itself). */
  private rulesWithPlans() {
    return this.db
      .selectFrom('alert_rules as r')
      .leftJoin('plan_states as p', 'p.user_id', 'r.user_id')
      .leftJoin('preferences as pf', 'pf.user_id', 'r.user_id')
      .select(RULE_COLUMNS.map((c) => `r.${c}` as const))
      .select([...JOINED_PLAN_COLUMNS, 'pf.commissions']);
  }

  /** Every rule of a kind with its owner's plan. */
  rulesOfKind(kind: AlertKind): Promise<AlertRuleWithPlan[]> {
    return this.rulesWithPlans().where('r.kind', '=', kind).execute();
  }

  /** The price target rules on any of a sport's events, with their owners' plans. */
  priceTargetRules(sport: string, eventIds: readonly string[]): Promise<AlertRuleWithPlan[]> {
    if (!eventIds.length) return Promise.resolve([]);
    return this.rulesWithPlans()
      .where('r.kind', '=', 'price_target')
      .where('r.target_event_id', 'in', [...eventIds])
      .where(sql<boolean>`r.target ->> 'sport' = ${sport}`)
      .execute();
  }

  /**
   * A price target became met: the rule crosses, once however many workers see it (a second worker's update waits for
   * the first one's transaction and then finds the rule crossed, or, rolled back, crosses it itself). Answers the
   * crossing's number, or null when the rule was already crossed.
   */
  async crossTarget(ruleId: string, db: Executor = this.db): Promise<number | null> {
    const row = await db
      .updateTable('alert_rules')
      .set({ target_crossed: true, target_crossings: sql<number>`target_crossings + 1` })
      .where('id', '=', ruleId)
      .where('target_crossed', '=', false)
      .returning('target_crossings')
      .executeTakeFirst();
    return row?.target_crossings ?? null;
  }

  /** The target is met nowhere now: the next crossing fires again. */
  async uncrossTarget(ruleId: string): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ target_crossed: false })
      .where('id', '=', ruleId)
      .where('target_crossed', '=', true)
      .execute();
  }

  /**
   * Claims deliveries: one row per rule, opportunity and channel, so an opportunity alerts at most once per rule.
   * Returns the rows this call inserted (a row already there was claimed by an earlier evaluation).
   */
  async claim(rows: NewDelivery[], db: Executor = this.db): Promise<AlertDeliveryRow[]> {
    if (!rows.length) return [];
    return db
      .insertInto('alert_deliveries')
      .values(
        rows.map((r) => ({
          ...r,
          summary: JSON.stringify(r.summary),
          status: 'pending' as const,
          reason: null,
          updated_at: new Date(),
        })),
      )
      .onConflict((oc) => oc.columns(['rule_id', 'opportunity_id', 'channel']).doNothing())
      .returning(DELIVERY_COLUMNS)
      .execute();
  }

  /**
   * Counts one alert of the user in the current hour and answers how many there are now (atomic across workers),
   * for the per-user rate cap.
   */
  async countAlertThisHour(userId: string, now: number): Promise<number> {
    const key = this.redis.key(...RedisKeys.alertRate(userId, Math.floor(now / 3_600_000)));
    const [[, count]] = (await this.redis.client.multi().incr(key).expire(key, 3_700).exec()) as [
      [null, number],
      [null, number],
    ];
    return count;
  }

  /**
   * Writes the end of a try (or a skip) on the deliveries still pending, and answers the ids it wrote. A delivery
   * already ended keeps its end: a try that hung while the requeue sweep gave the delivery up at the limit (startTry)
   * must not turn `failed` back into `sent` or `pending` when it finishes late, nor any end overwrite `skipped`.
   */
  async finishDeliveries(ids: number[], status: AlertDeliveryStatus, reason: string | null): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .updateTable('alert_deliveries')
      .set({ status, reason, updated_at: new Date() })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Counts a try of a pending delivery before it is made, so a try that never ends (its worker killed or hung) still
   * counts toward `limit`. A delivery already tried `limit` times is not tried again: it ends failed with `reason` in
   * the same statement. Answers the delivery's tries and status after this (pending: the try may go ahead; failed: it
   * gave up), or null when the delivery is no longer pending.
   */
  async startTry(
    id: number,
    limit: number,
    reason: string,
  ): Promise<{ attempts: number; status: AlertDeliveryStatus } | null> {
    return (await this.countTries(this.db, [id], limit, reason))[0] ?? null;
  }

  /**
   * Runs `send`, one run's try at a user's digest (startDigestTry, the send, its end), holding the user's digest claim,
   * and answers what it did; answers null without running it while another run holds the claim. Without it two runs at
   * once (two workers, or BullMQ's stalled-job check running the job again while its first run still sends) each read
   * the alerts pending and each mailed them. The claim is a lock of the connection `send` is given its repository on:
   * it lasts while the run that took it lives, however slow its send, and goes with the connection when the run dies,
   * when the next run sends the alerts again (at least once). Each statement on it commits on its own, so a try counted
   * before the send stays counted when its worker dies.
   */
  claimDigest<T>(userId: string, send: (claimed: AlertsRepository) => Promise<T>): Promise<T | null> {
    return this.whileClaimed('alertDigest', userId, send);
  }

  /**
   * Runs `attempt`, a try of a webhook or push delivery (startTry, the try, its end), holding the delivery's claim, and
   * answers what it did; answers null without running it while another job holds the claim. Without it two jobs of one
   * delivery at once (its job late behind a backlog and the one the requeue sweep queued meanwhile, or BullMQ's
   * stalled-job check running a job again while it still runs) each counted a try and each sent the alert. The claim is
   * held as claimDigest's is: for as long as the try's worker lives, and no longer.
   */
  claimDelivery<T>(id: number, attempt: (claimed: AlertsRepository) => Promise<T>): Promise<T | null> {
    return this.whileClaimed('alertDelivery', String(id), attempt);
  }

  /**
   * `work` on one connection of the pool holding a lock taken without waiting, or null when another holds it. The
   * repository `work` is given runs its statements on that connection too: a delivery's try needs no second one, so
   * tries in flight up to the pool's size cannot each wait for a connection another holds. Two keys sharing a hash
   * share the lock: the one left is not lost, only sent by a later run (the next digest, the requeue sweep).
   */
  private whileClaimed<T>(
    lockClass: AdvisoryLockClass,
    key: string,
    work: (claimed: AlertsRepository) => Promise<T>,
  ): Promise<T | null> {
    return this.db.connection().execute(async (conn) => {
      const pid = await tryLockSession(conn, lockClass, key);
      if (pid === null) return null;
      try {
        return await work(new AlertsRepository(conn, this.redis));
      } finally {
        // A connection still open whose unlock failed goes back to the pool all the same: ended, it holds no claim.
        await unlockSession(conn, lockClass, key).catch(async (error: unknown) => {
          await endSession(this.db, pid);
          throw error;
        });
      }
    });
  }

  /**
   * startTry for a digest mail, before it is sent: its pending e-mail deliveries (as startTry, each) and the held ones it
   * names, whose tries are the tries of naming them; a held one named in `limit` tries is released (not named again).
   * Answers the pending deliveries the mail may carry or gave up, and the held ones it may name, each with its tries.
   */
  startDigestTry(
    ids: number[],
    heldIds: number[],
    limit: number,
    reason: string,
  ): Promise<{
    deliveries: Array<{ id: number; attempts: number; status: AlertDeliveryStatus }>;
    held: Array<{ id: number; attempts: number }>;
  }> {
    return this.transaction(async (trx) => {
      const deliveries = await this.countTries(trx, ids, limit, reason);
      const held = heldIds.length
        ? await trx
            .updateTable('alert_deliveries')
            .set({
              attempts: oneMoreTry(limit),
              held_by_cap: sql<boolean>`attempts < ${limit}`,
            })
            .where('id', 'in', heldIds)
            .where('held_by_cap', '=', true)
            .returning(['id', 'attempts', 'held_by_cap'])
            .execute()
        : [];
      return {
        deliveries,
        held: held.filter((row) => row.held_by_cap).map(({ id, attempts }) => ({ id, attempts })),
      };
    });
  }

  /**
   * A digest try whose send failed is not counted: the server took no message it did not answer 250 to, the tries are
   * for sends whose end is unknown (a worker that died during one), and a server away or deferring for a while must not
   * use them up.
   */
  async uncountDigestTry(ids: number[], heldIds: number[]): Promise<void> {
    const all = [...ids, ...heldIds];
    if (!all.length) return;
    await this.db
      .updateTable('alert_deliveries')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('id', 'in', all)
      .where('attempts', '>', 0)
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb('held_by_cap', '=', true)]))
      .execute();
  }

  private async countTries(
    db: Executor,
    ids: number[],
    limit: number,
    reason: string,
  ): Promise<Array<{ id: number; attempts: number; status: AlertDeliveryStatus }>> {
    if (!ids.length) return [];
    return db
      .updateTable('alert_deliveries')
      .set({
        attempts: oneMoreTry(limit),
        status: sql<AlertDeliveryStatus>`CASE WHEN attempts < ${limit} THEN status ELSE 'failed' END`,
        reason: sql<string | null>`CASE WHEN attempts < ${limit} THEN reason ELSE ${reason} END`,
        updated_at: new Date(),
      })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning(['id', 'attempts', 'status'])
      .execute();
  }

  /** A delivery with its rule and the owner's plan as they are now (delivery checks the plan gate again). */
  async delivery(id: number): Promise<(AlertDeliveryRow & { rule: AlertRuleWithPlan }) | null> {
    const delivery = await this.db
      .selectFrom('alert_deliveries')
      .select(DELIVERY_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!delivery) return null;
    const rule = await this.rulesWithPlans()
      .where('r.id', '=', delivery.rule_id)
      .where('r.user_id', '=', delivery.user_id)
      .executeTakeFirst();
    return rule ? { ...delivery, rule } : null;
  }

  /**
   * A webhook delivery's outcome: success resets the run of failures; a failure lengthens it and, at `limit`,
   * disables the webhook with a notice for the user. Answers whether the webhook is now disabled.
   */
  async recordWebhookOutcome(
    ruleId: string,
    ok: boolean,
    limit: number,
    notice: (failures: number) => string,
  ): Promise<boolean> {
    if (ok) {
      await this.db.updateTable('alert_rules').set({ webhook_failures: 0 }).where('id', '=', ruleId).execute();
      return false;
    }
    const row = await this.db
      .updateTable('alert_rules')
      .set({ webhook_failures: sql<number>`webhook_failures + 1` })
      .where('id', '=', ruleId)
      .returning(['webhook_failures', 'webhook_disabled_at'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.webhook_disabled_at) return true;
    if (row.webhook_failures < limit) return false;
    await this.db
      .updateTable('alert_rules')
      .set({ webhook_disabled_at: new Date(), notice: notice(row.webhook_failures) })
      .where('id', '=', ruleId)
      .where('webhook_disabled_at', 'is', null)
      .execute();
    return true;
  }

  /** Webhook and push deliveries still pending and untouched since `before` (no try recorded since then). */
  async stalePending(before: Date, limit = 500): Promise<number[]> {
    const rows = await this.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('channel', 'in', ['webhook', 'push'])
      .where('updated_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Skipped e-mail deliveries the hourly cap held: the next digest mail names them. */
  async holdForDigest(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db.updateTable('alert_deliveries').set({ held_by_cap: true }).where('id', 'in', ids).execute();
  }

  /** The e-mail deliveries the cap held since the last digest (holdForDigest). */
  heldByCap(limit = 5000): Promise<Array<Pick<AlertDeliveryRow, 'id' | 'user_id' | 'summary'>>> {
    return this.db
      .selectFrom('alert_deliveries')
      .select(['id', 'user_id', 'summary'])
      .where('held_by_cap', '=', true)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** A digest has told the user of these held deliveries (or could not be sent): they are not told again. */
  async releaseHeld(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db.updateTable('alert_deliveries').set({ held_by_cap: false }).where('id', 'in', ids).execute();
  }

  /** E-mail deliveries waiting for the digest, oldest first, with their owner's address. */
  pendingEmail(limit = 500): Promise<Array<AlertDeliveryRow & { email: string }>> {
    return this.db
      .selectFrom('alert_deliveries as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(DELIVERY_COLUMNS.map((c) => `d.${c}` as const))
      .select('u.email')
      .where('d.status', '=', 'pending')
      .where('d.channel', '=', 'email')
      .orderBy('d.created_at')
      .limit(limit)
      .execute();
  }

  /** The plans of these users as they are now, by user (none: no plan row); the digest checks the plan gate again. */
  async plansOf(userIds: readonly string[]): Promise<Map<string, PlanColumns>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .selectFrom('plan_states as p')
      .select(['p.user_id', ...JOINED_PLAN_COLUMNS])
      .where('p.user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map(({ user_id, ...plan }) => [user_id, plan]));
  }
}
