import { Module } from '@nestjs/common';
import { LiveBoardsModule } from '../odds/live-boards.module';
import { PicksDataModule } from '../picks/picks-data.module';
import { ScoresController } from './scores.controller';
import { ScoresService } from './scores.service';

@Module({ imports: [LiveBoardsModule, PicksDataModule], controllers: [ScoresController], providers: [ScoresService] })
export class ScoresModule {}
