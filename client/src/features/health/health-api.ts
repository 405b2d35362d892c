import type { HealthReport } from '@oddspulse/shared';
import type { ApiClient } from '../../api/api-client';

/**
 * GET /api/health through the API client. The server answers 503 with the same report when a service
 * is down, so a 503 is the answer ("degraded"), not a failure to retry; null means the server could not
 * be reached or answered with something that is not a health report. No token: the endpoint is public,
 * and reading the feed status must never refresh a session or prompt a sign-in.
 */
export async function readHealth(client: Pick<ApiClient, 'get'>): Promise<HealthReport | null> {
  try {
    const report = await client.get<unknown>('/api/health', { auth: 'none', answerStatuses: [503] });
    if (isHealthReport(report)) return report;
    console.warn('GET /api/health answered without a health report', report);
  } catch (error) {
    console.warn('GET /api/health failed', error);
  }
  return null;
}

function isHealthReport(body: unknown): body is HealthReport {
  if (!body || typeof body !== 'object') return false;
  const status = (body as Record<string, unknown>).status;
  return status === 'ok' || status === 'error';
}
