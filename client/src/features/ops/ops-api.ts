import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';

/** Where the queue console is served (bull-board, outside the app: a page load, not a route). */
export const QUEUE_CONSOLE_URL = '/ops/queues';

/** GET /api/ops/overview: the first load, and the fallback while live updates are not arriving. */
export function fetchOpsOverview() {
  return answerOf(typedApi.GET('/api/ops/overview'));
}

export const opsKeys = {
  overview: ['ops', 'overview'] as const,
};

/** The overview: read once, then set by each push on the `ops` channel; read again only while pushes are not arriving. */
export function opsOverviewQuery() {
  return queryOptions({ queryKey: opsKeys.overview, queryFn: fetchOpsOverview });
}

/** The console's page of one queue's jobs in one state (its failed ones, say). */
export function queueConsoleUrl(queue: string, status?: string): string {
  return `${QUEUE_CONSOLE_URL}/queue/${encodeURIComponent(queue)}${status ? `?status=${encodeURIComponent(status)}` : ''}`;
}
