import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { BillingWebhookService, type WebhookAnswer } from './billing-webhook.service';
import { ApiAnswer } from '../docs/route-doc';
import { webhookAnswerSchema } from '../docs/app-answers';

/**
 * POST /api/billing/webhook: no session (Stripe calls it); the Stripe-Signature over the raw body is the proof.
 * The raw body is kept by `rawBody: true` at NestFactory.create (main.ts and the test harnesses).
 */
@Controller('billing/webhook')
export class BillingWebhookController {
  constructor(private readonly webhooks: BillingWebhookService) {}

  @Post()
  @ApiAnswer({ summary: 'The event received, and what it did (a repeat does nothing)', answer: webhookAnswerSchema })
  @HttpCode(200)
  receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookAnswer> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
