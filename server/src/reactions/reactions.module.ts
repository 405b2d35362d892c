import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ScoresModule } from '../scores/scores.module';
import { ReactionsController } from './reactions.controller';
import { ReactionsRepository } from '@oddspulse/core';
import { ReactionsService } from './reactions.service';

@Module({
  imports: [AccountsModule, ScoresModule],
  controllers: [ReactionsController],
  providers: [ReactionsRepository, ReactionsService],
  exports: [ReactionsService],
})
export class ReactionsModule {}
