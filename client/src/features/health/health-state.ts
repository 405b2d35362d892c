import { atom } from 'jotai';
import type { HealthReport } from '@oddspulse/shared';
import { api } from '../../api/client';
import { readHealth } from './health-api';

/** The server's health, read once per page load; null when unreachable (see readHealth). */
export const healthAtom = atom((): Promise<HealthReport | null> => readHealth(api));
