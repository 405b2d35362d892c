import { Module } from '@nestjs/common';
import { AlertsWorkersModule } from '../alerts/alerts-workers.module';
import { CLOCK, systemClock } from '../feeds/clock';
import { SteamDetectionService } from './steam-detection.service';
import { SteamRecordService } from './steam-record.service';

/** Steam (DECISIONS 34): detection on every change of a straight-bets board, and the graded record. */
@Module({
  imports: [AlertsWorkersModule],
  providers: [{ provide: CLOCK, useValue: systemClock }, SteamDetectionService, SteamRecordService],
  exports: [SteamDetectionService],
})
export class SteamWorkersModule {}
