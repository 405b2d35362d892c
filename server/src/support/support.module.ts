import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SupportController } from './support.controller';

/** Premium support's contact form; mail through core's MailService. */
@Module({ imports: [AccountsModule], controllers: [SupportController] })
export class SupportModule {}
