import { Module } from '@nestjs/common';
import { OddsHistoryRepository } from './odds-history.repository';

/** The odds domain's persistence, shared by the workers (writers) and the REST API (readers). */
@Module({ providers: [OddsHistoryRepository], exports: [OddsHistoryRepository] })
export class OddsModule {}
