import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { BillingMessages, type LocalCheckoutView, type LocalInvoiceView } from '@oddspulse/shared';
import {
  BillingRepository,
  LocalStripeGateway,
  StripeGateway,
  StripeNotFoundError,
  StripeUnavailableError,
} from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { ApiErrors } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { localCheckoutIdSchema } from './billing.dto';
import { ApiAnswer } from '../docs/route-doc';
import { localCheckoutSchema, localInvoicesSchema, redirectUrlSchema } from '../docs/app-answers';

/**
 * The local checkout page and local billing portal (no Stripe key, outside production: spec DESIGN "payments").
 * Pay completes the session as Stripe would, and its signed events reach the webhook handler before the answer.
 * With Stripe on (or payments off) these paths do not exist.
 */
@Controller('billing/local')
@RequireAuth()
export class LocalCheckoutController {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly billing: BillingRepository,
  ) {}

  private local(): LocalStripeGateway {
    if (!(this.gateway instanceof LocalStripeGateway)) throw ApiErrors.notFound();
    return this.gateway;
  }

  @Get('checkout/:id')
  @ApiAnswer({ summary: 'A local checkout session', answer: localCheckoutSchema })
  async checkout(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(localCheckoutIdSchema)) id: string,
  ): Promise<LocalCheckoutView> {
    const view = await this.local().checkoutView(id, user.id);
    if (!view) throw ApiErrors.notFound(BillingMessages.checkoutNotFound, 'CHECKOUT_NOT_FOUND');
    return view;
  }

  @Post('checkout/:id/pay')
  @ApiAnswer({ summary: 'Paid: the page to return to', answer: redirectUrlSchema })
  @HttpCode(200)
  async pay(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(localCheckoutIdSchema)) id: string,
  ): Promise<{ url: string }> {
    try {
      return { url: await this.local().completeCheckout(id, user.id) };
    } catch (error) {
      if (error instanceof StripeNotFoundError)
        throw ApiErrors.notFound(BillingMessages.checkoutNotFound, 'CHECKOUT_NOT_FOUND');
      if (error instanceof StripeUnavailableError)
        throw ApiErrors.conflict(BillingMessages.checkoutClosed, 'CHECKOUT_CLOSED');
      throw error;
    }
  }

  @Get('invoices')
  @ApiAnswer({ summary: "The user's local invoices and balance", answer: localInvoicesSchema })
  async invoices(@CurrentUser() user: AuthUser): Promise<{ invoices: LocalInvoiceView[]; balance_cents: number }> {
    const local = this.local();
    const customer = await this.billing.findCustomer(user.id);
    return customer ? local.invoicesOf(customer.stripe_customer_id) : { invoices: [], balance_cents: 0 };
  }
}
