import { atom } from 'jotai';
import type { HealthReport } from '@oddspulse/shared';

/** The server's health, read once per page load; null while loading or when unreachable. */
export const healthAtom = atom(async (): Promise<HealthReport | null> => {
  try {
    const response = await fetch('/api/health', { headers: { Accept: 'application/json' } });
    return (await response.json()) as HealthReport;
  } catch {
    return null;
  }
});
