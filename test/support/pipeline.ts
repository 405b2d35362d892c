import type { SportBoard } from '@oddspulse/shared';
import {
  AlertsOutboxRepository,
  LiveStateRepository,
  MetricsService,
  OpportunityCountersRepository,
  type AppConfig,
  type JobQueueService,
  type RealtimePublisher,
  type RedisService,
} from '@oddspulse/core';
import { AlertBatches, DetectionService, SteamDetectionService } from '@oddspulse/workers';

// The workers' side of system tests: what the pipeline writes, for the API specs in test/integration that read it.

/**
 * The detection worker's pass over boards as the pipeline runs it after writing them (every event changed), so
 * the opportunities it keeps in Redis are those of the boards: what the scanner calls serve.
 */
export async function detectOnBoards(
  deps: { redis: RedisService; publisher: RealtimePublisher; config: AppConfig },
  boards: ReadonlyArray<{ kind: 'odds' | 'props'; board: SportBoard }>,
  now = Date.now(),
): Promise<void> {
  const detection = new DetectionService(
    new LiveStateRepository(deps.redis),
    deps.publisher,
    deps.config,
    // Alerts are evaluated by their own specs; these passes only keep Redis's opportunities.
    new AlertBatches(
      { add: async () => undefined } as unknown as JobQueueService,
      new AlertsOutboxRepository(deps.redis),
      new OpportunityCountersRepository(deps.redis),
      new MetricsService(),
    ),
    { detect: async () => undefined } as unknown as SteamDetectionService,
  );
  for (const { kind, board } of boards)
    await detection.detect(
      kind,
      board,
      board.events.map((e) => e.id),
      now,
      null,
    );
}
