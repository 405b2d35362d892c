import { Module } from '@nestjs/common';
import { OpportunityCountersRepository } from './opportunity-counters.repository';

/** The daily opportunity counters, for detection (which writes them) and the landing figures (which read them). */
@Module({ providers: [OpportunityCountersRepository], exports: [OpportunityCountersRepository] })
export class StatsDataModule {}
