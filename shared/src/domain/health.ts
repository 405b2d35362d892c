export type ServiceState = 'up' | 'down';

/** The body of GET /api/health: each dependency with its state; 503 when any is down. */
export interface HealthReport {
  status: 'ok' | 'error';
  postgres: ServiceState;
  redis: ServiceState;
  queues: ServiceState;
  details: {
    workers: number;
    lastSimulatorTick: string | null;
    jobCounts: Record<string, Record<string, number>>;
  };
}
