import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  alertRuleCriteria,
  AlertsRepository,
  APP_CONFIG,
  type AlertDeliveryRow,
  type AlertRuleFields,
  type AlertRuleRow,
  type AppConfig,
  checkWebhookUrl,
  JobQueueService,
  LiveStateRepository,
  vapidKeys,
} from '@oddspulse/core';
import {
  AlertMessages,
  alertRuleTakesBook,
  canUseAlertKind,
  gameName,
  JobName,
  MAX_ALERT_RULES,
  sportsbookName,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type AlertDelivery,
  type AlertKind,
  type AlertRule,
  type PriceTarget,
} from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { ApiErrors } from '../errors/api-errors';
import type { CreateAlertInput, PriceTargetInput, PushSubscriptionInput, UpdateAlertInput } from './alerts.dto';

const URL_MESSAGES = {
  invalid: AlertMessages.webhookInvalid,
  https_required: AlertMessages.webhookHttpsRequired,
  private: AlertMessages.webhookPrivate,
  unresolvable: AlertMessages.webhookUnresolvable,
} as const;

/** A rule of each kind, as a refusal of its books names it. */
const A_RULE_OF: Record<AlertKind, string> = {
  arbitrage: 'an arbitrage',
  middle: 'a middle',
  ev: 'a +EV',
  steam: 'a steam',
  price_target: 'a price target',
};

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in standard base64, which the verifiers decode. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toAlertRule(row: AlertRuleRow, secret?: string): AlertRule {
  return {
    id: row.id,
    ...alertRuleCriteria(row),
    webhookUrl: row.webhook_url,
    push: row.push,
    email: row.email,
    webhookDisabledAt: row.webhook_disabled_at?.toISOString() ?? null,
    notice: row.notice,
    createdAt: row.created_at.toISOString(),
    ...(secret ? { secret } : {}),
  };
}

function toDelivery(row: AlertDeliveryRow): AlertDelivery {
  return {
    id: Number(row.id),
    opportunityId: row.opportunity_id,
    channel: row.channel,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    summary: row.summary,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Rules as the API reads them, back into the table's fields; a price target's sport is its game's, and it has no minimum. */
function fieldsOf(rule: CreateAlertInput, target: PriceTarget | null): AlertRuleFields {
  return {
    kind: rule.kind,
    min: target ? 0 : rule.min,
    sports: target ? [target.sport] : rule.sports,
    books: rule.books,
    max_leg_age_seconds: rule.maxLegAgeSeconds,
    quiet_start: rule.quietHours?.start ?? null,
    quiet_end: rule.quietHours?.end ?? null,
    time_zone: rule.quietHours?.timeZone ?? 'UTC',
    webhook_url: rule.webhookUrl || null,
    push: rule.push,
    email: rule.email,
    target,
  };
}

function inputOf(row: AlertRuleRow): CreateAlertInput {
  const { kind, min, sports, books, maxLegAgeSeconds, quietHours, webhookUrl, push, email, target } = toAlertRule(row);
  const picked = target && {
    sport: target.sport,
    eventId: target.eventId,
    market: target.market,
    outcome: target.outcome,
    point: target.point,
    price: target.price,
  };
  return { kind, min, sports, books, maxLegAgeSeconds, quietHours, webhookUrl, push, email, target: picked };
}

/** Books the rule's kind never fires at (alertRuleTakesBook) are refused, naming the field as the edge's checks do. */
function checkBooks(rule: CreateAlertInput): void {
  const never = rule.books.filter((book) => !alertRuleTakesBook(rule.kind, book));
  if (never.length)
    throw ApiErrors.validation(
      `books: ${A_RULE_OF[rule.kind]} alert is never at ${never.map((b) => sportsbookName(b)).join(', ')}`,
    );
}

/**
 * Sports this deployment does not poll (FEED_SPORTS) are refused, naming the field as the edge's checks do: no board
 * of theirs is ever written, so a rule on them would never fire.
 */
function checkSports(sports: readonly string[], polled: readonly string[]): void {
  const unpolled = sports.filter((sport) => !polled.includes(sport));
  if (unpolled.length)
    throw ApiErrors.validation(
      `sports: must be sport keys this site polls, such as ${polled[0]} (unknown: ${unpolled.join(', ')})`,
    );
}

/**
 * Alert rules: create, read, change and delete a user's rules, their deliveries, and the push
 * subscriptions of their browsers. Evaluation and delivery run in the workers.
 */
@Injectable()
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly boards: LiveStateRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string): Promise<AlertRule[]> {
    return (await this.alerts.listRules(userId)).map((row) => toAlertRule(row));
  }

  async get(userId: string, id: string): Promise<AlertRule> {
    return toAlertRule(await this.rule(userId, id));
  }

  /** The answer carries the webhook signing secret when this rule made it (the user's first webhook). */
  async create(user: AuthUser, input: CreateAlertInput): Promise<AlertRule> {
    await this.check(user, input);
    checkSports(input.sports, this.config.FEED_SPORTS);
    checkBooks(input);
    const fields = fieldsOf(input, input.target && (await this.priceTarget(input.target)));
    // counted under the user's lock, with the insert: saves at once cannot each find room for one more
    const row = await this.alerts.transaction(async (trx) => {
      if ((await this.alerts.lockForCreating(user.id, trx)) >= MAX_ALERT_RULES)
        throw ApiErrors.conflict(AlertMessages.tooManyRules, 'TOO_MANY_ALERT_RULES');
      return this.alerts.createRule(user.id, fields, trx);
    });
    const secret = input.webhookUrl ? await this.alerts.ensureSecret(user.id, newSecret()) : null;
    await this.checkTarget(row);
    return toAlertRule(row, secret?.created ? secret.secret : undefined);
  }

  /** A target left out of the patch stays as saved (its game is not looked up again). */
  async update(user: AuthUser, id: string, patch: UpdateAlertInput): Promise<AlertRule> {
    const saved = await this.rule(user.id, id);
    const merged: CreateAlertInput = { ...inputOf(saved), ...patch };
    await this.check(user, merged);
    // the sports the patch names: a rule saved on a sport no longer polled keeps taking changes of its other fields
    if (patch.sports !== undefined) checkSports(patch.sports, this.config.FEED_SPORTS);
    // the books the patch names, or reads under a kind it changes: a change of another field keeps a rule as saved
    if (patch.books !== undefined || patch.kind !== undefined) checkBooks(merged);
    const target = patch.target === undefined ? saved.target : patch.target && (await this.priceTarget(patch.target));
    const row = await this.alerts.updateRule(user.id, id, fieldsOf(merged, target));
    if (!row) throw ApiErrors.notFound(AlertMessages.ruleNotFound, 'ALERT_NOT_FOUND');
    const secret = merged.webhookUrl ? await this.alerts.ensureSecret(user.id, newSecret()) : null;
    await this.checkTarget(row);
    return toAlertRule(row, secret?.created ? secret.secret : undefined);
  }

  /**
   * A new signing secret for the user's webhooks, shown in this answer only (a lost or leaked secret is replaced).
   * The old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS, while the user updates the receivers.
   */
  async rotateSecret(userId: string): Promise<{ secret: string }> {
    const secret = newSecret();
    await this.alerts.replaceSecret(userId, secret, WEBHOOK_SECRET_OVERLAP_HOURS * 3600);
    return { secret };
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.alerts.deleteRule(userId, id)))
      throw ApiErrors.notFound(AlertMessages.ruleNotFound, 'ALERT_NOT_FOUND');
  }

  async deliveries(userId: string, id: string): Promise<AlertDelivery[]> {
    await this.rule(userId, id);
    return (await this.alerts.deliveries(userId, id)).map(toDelivery);
  }

  vapidPublicKey(): { publicKey: string } {
    const keys = vapidKeys(this.config);
    if (!keys) throw ApiErrors.unavailable(AlertMessages.pushUnavailable, 'PUSH_UNAVAILABLE');
    return { publicKey: keys.publicKey };
  }

  /** A push endpoint is where the workers will post: held to the same address rules as a webhook. */
  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    this.vapidPublicKey();
    const checked = await checkWebhookUrl(input.endpoint, this.production);
    if (!checked.ok)
      throw ApiErrors.validation(`Push endpoint refused: ${URL_MESSAGES[checked.problem]}`, 'PUSH_ENDPOINT_INVALID');
    await this.alerts.savePushSubscription(userId, input.endpoint, input.keys.p256dh, input.keys.auth);
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.alerts.deletePushSubscription(endpoint, userId);
  }

  private get production(): boolean {
    return this.config.NODE_ENV === 'production';
  }

  private async rule(userId: string, id: string): Promise<AlertRuleRow> {
    const row = await this.alerts.findRule(userId, id);
    if (!row) throw ApiErrors.notFound(AlertMessages.ruleNotFound, 'ALERT_NOT_FOUND');
    return row;
  }

  /**
   * A price target as it is saved: its game looked up on the current board (a game no longer there cannot be chosen)
   * for its name and start, its side one the game offers, and no line on a moneyline.
   */
  private async priceTarget(input: PriceTargetInput): Promise<PriceTarget> {
    const board = await this.boards.board('odds', input.sport);
    const event = board?.events.find((e) => e.id === input.eventId && !e.completed);
    if (!event) throw ApiErrors.validation(AlertMessages.targetGameNotFound, 'PRICE_TARGET_GAME_NOT_FOUND');
    const draw = event.bookmakers.some((b) =>
      b.markets.some((m) => m.key === 'h2h' && m.outcomes.some((o) => o.name === 'Draw')),
    );
    const sides =
      input.market === 'totals'
        ? ['Over', 'Under']
        : [event.home_team, event.away_team, ...(input.market === 'h2h' && draw ? ['Draw'] : [])];
    if (!sides.includes(input.outcome))
      throw ApiErrors.validation(AlertMessages.targetOutcomeInvalid, 'PRICE_TARGET_INVALID');
    return {
      sport: input.sport,
      eventId: event.id,
      game: gameName(event),
      homeTeam: event.home_team,
      commenceTime: event.commence_time,
      market: input.market,
      outcome: input.outcome,
      point: input.market === 'h2h' ? null : input.point,
      price: input.price,
    };
  }

  /**
   * A price target saved is checked against the board at once, as on a change of its game: one already met fires
   * now rather than at the game's next price change, which for a game hours away can be minutes off.
   */
  private async checkTarget(row: AlertRuleRow): Promise<void> {
    if (!row.target) return;
    await this.jobs.add(
      JobName.AlertsPriceTargets,
      { sport: row.target.sport, at: Date.now(), eventIds: [row.target.eventId] },
      { attempts: 3 },
    );
  }

  /** Plan gates, a price target where (and only where) the kind takes one, a channel to deliver on, and a webhook URL the workers may post to. */
  private async check(user: AuthUser, rule: CreateAlertInput): Promise<void> {
    if (!canUseAlertKind(user.access, rule.kind))
      throw rule.kind === 'ev' || rule.kind === 'price_target'
        ? ApiErrors.subscriptionRequired()
        : ApiErrors.platinumRequired();
    if (rule.kind === 'price_target') {
      if (!rule.target) throw ApiErrors.validation(AlertMessages.targetRequired, 'PRICE_TARGET_REQUIRED');
      if (rule.target.market !== 'h2h' && rule.target.point === null)
        throw ApiErrors.validation(AlertMessages.targetPointRequired, 'PRICE_TARGET_INVALID');
    } else if (rule.target) throw ApiErrors.validation(AlertMessages.targetNotAllowed, 'PRICE_TARGET_NOT_ALLOWED');
    if (!rule.webhookUrl && !rule.push && !rule.email)
      throw ApiErrors.validation(AlertMessages.noChannel, 'ALERT_CHANNEL_REQUIRED');
    if (rule.webhookUrl) {
      const checked = await checkWebhookUrl(rule.webhookUrl, this.production);
      if (!checked.ok) throw ApiErrors.validation(URL_MESSAGES[checked.problem], 'WEBHOOK_URL_INVALID');
    }
  }
}
