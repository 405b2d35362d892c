import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/client';
import type { components } from '../../api/openapi';
import { answerOf } from '../../api/typed-client';

/** The user's alert rules, their deliveries, and this browser's push subscription. */

/** What the form sends: quiet hours as "HH:MM" clock times in a time zone. */
export type AlertRuleInput = components['schemas']['AlertsCreateBody'];

export function fetchAlertRules() {
  return answerOf(typedApi.GET('/api/alerts'));
}

/** Keyed by the user: the cache outlives a session in this tab, and one user's rules are never another's. */
export function alertRulesQuery(userId: string) {
  return queryOptions({ queryKey: ['alert-rules', userId], queryFn: fetchAlertRules });
}

export function createAlertRule(input: AlertRuleInput) {
  return answerOf(typedApi.POST('/api/alerts', { body: input }));
}

export function updateAlertRule(id: string, input: AlertRuleInput) {
  return answerOf(typedApi.PATCH('/api/alerts/{id}', { params: { path: { id } }, body: input }));
}

export function deleteAlertRule(id: string) {
  return answerOf(typedApi.DELETE('/api/alerts/{id}', { params: { path: { id } } }));
}

export function rotateWebhookSecret() {
  return answerOf(typedApi.POST('/api/alerts/secret'));
}

export function fetchAlertDeliveries(id: string) {
  return answerOf(typedApi.GET('/api/alerts/{id}/deliveries', { params: { path: { id } } }));
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
    queryFn: () => answerOf(typedApi.GET('/api/events', { params: { query: { sport } } })),
    staleTime: 60_000,
  });
}

export function fetchVapidKey() {
  return answerOf(typedApi.GET('/api/alerts/push/key'));
}

export function registerPushSubscription(subscription: components['schemas']['AlertsSubscribeBody']) {
  return answerOf(typedApi.POST('/api/alerts/push/subscriptions', { body: subscription }));
}
