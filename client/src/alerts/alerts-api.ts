import type { AlertDelivery, AlertKind, AlertRule, EventHeader, PriceTarget } from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';

/** The user's alert rules, their deliveries, and this browser's push subscription. */

/** What the form sends: quiet hours as "HH:MM" clock times in a time zone. */
export interface AlertRuleInput {
  kind: AlertKind;
  min: number;
  sports: string[];
  books: string[];
  maxLegAgeSeconds: number | null;
  quietHours: { start: string; end: string; timeZone: string } | null;
  webhookUrl: string | null;
  push: boolean;
  email: boolean;
  /** A price target's game, market, side, line and price (the server names the game); null for other kinds. */
  target: Pick<PriceTarget, 'sport' | 'eventId' | 'market' | 'outcome' | 'point' | 'price'> | null;
}

export function fetchAlertRules() {
  return api.get<AlertRule[]>('/api/alerts');
}

/** Keyed by the user: the cache outlives a session in this tab, and one user's rules are never another's. */
export function alertRulesQuery(userId: string) {
  return queryOptions({ queryKey: ['alert-rules', userId], queryFn: fetchAlertRules });
}

export function createAlertRule(input: AlertRuleInput) {
  return api.post<AlertRule>('/api/alerts', input);
}

export function updateAlertRule(id: string, input: AlertRuleInput) {
  return api.patch<AlertRule>(`/api/alerts/${encodeURIComponent(id)}`, input);
}

export function deleteAlertRule(id: string) {
  return api.delete<void>(`/api/alerts/${encodeURIComponent(id)}`);
}

export function rotateWebhookSecret() {
  return api.post<{ secret: string }>('/api/alerts/secret');
}

export function fetchAlertDeliveries(id: string) {
  return api.get<AlertDelivery[]>(`/api/alerts/${encodeURIComponent(id)}/deliveries`);
}

/** A rule's deliveries, keyed by the user as the rules are. */
export function alertDeliveriesQuery(userId: string, ruleId: string) {
  return queryOptions({
    queryKey: ['alert-deliveries', userId, ruleId],
    queryFn: () => fetchAlertDeliveries(ruleId),
  });
}

/** A sport's games on the board, for a price target's game. */
export function targetGamesQuery(sport: string) {
  return queryOptions({
    queryKey: ['target-games', sport],
    queryFn: () => api.get<EventHeader[]>(`/api/events?sport=${encodeURIComponent(sport)}`),
    staleTime: 60_000,
  });
}

export function fetchVapidKey() {
  return api.get<{ publicKey: string }>('/api/alerts/push/key');
}

export function registerPushSubscription(subscription: PushSubscriptionJSON) {
  return api.post<void>('/api/alerts/push/subscriptions', subscription);
}
