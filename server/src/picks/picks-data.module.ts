import { Module } from '@nestjs/common';
import { GameResultsRepository } from './game-results.repository';
import { PicksRepository } from './picks.repository';

/** The picks domain's persistence, shared by the REST API and the settlement worker. */
@Module({ providers: [PicksRepository, GameResultsRepository], exports: [PicksRepository, GameResultsRepository] })
export class PicksDataModule {}
