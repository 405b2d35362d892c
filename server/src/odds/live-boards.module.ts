import { Module } from '@nestjs/common';
import { LiveBoardsRepository } from './live-boards.repository';

/** Read access to the pipeline's live state in Redis, for the REST API and the gateway. */
@Module({ providers: [LiveBoardsRepository], exports: [LiveBoardsRepository] })
export class LiveBoardsModule {}
