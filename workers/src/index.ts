/**
 * The workers' public entry (`@oddspulse/workers`): the module main.ts runs, and what a system spec starting the
 * workers in-process drives them with (a poll, a detection pass, the history writer, the clock they read). Everything
 * else in workers/src is the workers' own.
 */
export { WorkersModule } from './workers.module';
export { CLOCK } from './feeds/clock';
export { OddsPipelineService } from './odds/odds-pipeline.service';
export { OddsHistoryWriterService } from './odds/odds-history-writer.service';
export { DetectionService } from './detection/detection.service';
export { SettlementService } from './picks/settlement.service';
/** The detection service's alert queue, which a spec replaces when alerts are not what it measures. */
export { AlertBatches } from './alerts/alert-batches';
/** Steam on a board's changes, which a spec replaces when steam is not what it measures. */
export { SteamDetectionService } from './steam/steam-detection.service';
