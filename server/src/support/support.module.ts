import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

/** Premium support's contact form; mail through core's MailService and AccountMail. */
@Module({ imports: [AccountsModule], controllers: [SupportController], providers: [SupportService] })
export class SupportModule {}
