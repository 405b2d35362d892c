import { Module } from '@nestjs/common';
import { LiveBoardsModule } from '../odds/live-boards.module';
import { ScoresController } from './scores.controller';
import { ScoresService } from './scores.service';

@Module({ imports: [LiveBoardsModule], controllers: [ScoresController], providers: [ScoresService] })
export class ScoresModule {}
