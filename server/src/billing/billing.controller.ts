import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { BillingMessages, type BillingOverview, type PlanSwitchPreview } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, publicOrigin } from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { OptionalAuthenticationGuard } from '../accounts/access/guards';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { ApiErrors } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { checkoutSchema, giftSchema, switchPreviewSchema } from './billing.dto';
import { BillingService } from './billing.service';
import { ApiAnswer } from '../docs/route-doc';
import { billingOverviewSchema, planSwitchPreviewSchema, redirectUrlSchema } from '../docs/app-answers';

/**
 * Where Stripe sends the payer back: PUBLIC_URL (required in production with Stripe on), else the origin the
 * request came to, so a developer on 127.0.0.1 comes back to 127.0.0.1 with their session.
 */
export function returnOrigin(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>, req: Request): string {
  if (config.PUBLIC_URL) return publicOrigin(config);
  const host = req.get('host');
  return host ? `${req.protocol}://${host}` : publicOrigin(config);
}

/**
 * The billing calls of spec 000 §7 and DECISIONS 4, with what a paying user needs beside them (a plan switch's preview,
 * resume, the Stripe portal, the gift); the user always comes from the session, never from the body.
 */
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('create-checkout-session')
  @ApiAnswer({
    summary: "The checkout page to send the browser to (Stripe's, or the local one)",
    answer: redirectUrlSchema,
  })
  @HttpCode(200)
  @RequireAuth()
  checkout(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(checkoutSchema)) body: z.infer<typeof checkoutSchema>,
    @Req() req: Request,
  ) {
    return this.billing.startCheckout(user, body.plan, returnOrigin(this.config, req));
  }

  /** The prorated amount of a switch of the live subscription, shown before the user confirms it. */
  @Get('switch-preview')
  @ApiAnswer({
    summary: 'What switching the live subscription to the plan charges now',
    answer: planSwitchPreviewSchema,
  })
  @RequireAuth()
  switchPreview(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(switchPreviewSchema)) query: z.infer<typeof switchPreviewSchema>,
  ): Promise<PlanSwitchPreview> {
    return this.billing.previewSwitch(user, query.plan);
  }

  /** Spec 000 §5: "Please log in to cancel your subscription" when nobody is signed in. */
  @Post('cancel-subscription')
  @ApiAnswer({ summary: 'The subscription set to end at its period end', answer: billingOverviewSchema })
  @HttpCode(200)
  @UseGuards(OptionalAuthenticationGuard)
  cancel(@CurrentUser() user: AuthUser | undefined): Promise<BillingOverview> {
    if (!user) throw ApiErrors.authenticationRequired(BillingMessages.loginToCancel);
    return this.billing.cancel(user);
  }

  @Post('resume-subscription')
  @ApiAnswer({ summary: 'The subscription renewing again', answer: billingOverviewSchema })
  @HttpCode(200)
  @RequireAuth()
  resume(@CurrentUser() user: AuthUser): Promise<BillingOverview> {
    return this.billing.resume(user);
  }

  @Post('portal')
  @ApiAnswer({ summary: 'The billing portal to send the browser to', answer: redirectUrlSchema })
  @HttpCode(200)
  @RequireAuth()
  portal(@CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.billing.portal(user, returnOrigin(this.config, req));
  }

  @Post('gift')
  @ApiAnswer({ summary: "A gift's checkout page to send the browser to", answer: redirectUrlSchema })
  @HttpCode(200)
  @RequireAuth()
  gift(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(giftSchema)) body: z.infer<typeof giftSchema>,
    @Req() req: Request,
  ) {
    return this.billing.startGiftCheckout(user, body.email, returnOrigin(this.config, req));
  }

  @Get('subscription')
  @ApiAnswer({ summary: 'The plan, subscription and gift as /subscribe shows them', answer: billingOverviewSchema })
  @RequireAuth()
  subscription(@CurrentUser() user: AuthUser): Promise<BillingOverview> {
    return this.billing.overview(user.id);
  }
}
