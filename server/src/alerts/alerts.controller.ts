import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AlertDelivery, AlertRule } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  alertIdParam,
  createAlertSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  updateAlertSchema,
  type CreateAlertInput,
  type PushSubscriptionInput,
  type UpdateAlertInput,
} from './alerts.dto';
import { AlertsService } from './alerts.service';
import { ApiAnswer } from '../docs/route-doc';
import { alertDeliveriesSchema, alertRuleSchema, pushKeySchema, webhookSecretSchema } from '../docs/app-answers';
import { z } from 'zod';

/**
 * /api/alerts: a user's alert rules, their deliveries, and the browser push subscriptions.
 * Any signed-in user may read (free users see the page with an upgrade prompt); creating or changing a rule
 * checks the plan of its kind (Platinum for arbitrage and middles, Gold for +EV).
 */
@Controller('alerts')
@RequireAuth()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @ApiAnswer({ summary: "The user's alert rules", answer: z.array(alertRuleSchema) })
  list(@CurrentUser() user: AuthUser): Promise<AlertRule[]> {
    return this.alerts.list(user.id);
  }

  /** The secret that signs webhook bodies is in this answer only (the user's first webhook rule). */
  @Post()
  @ApiAnswer({ summary: 'The rule made (with its webhook signing secret, this once)', answer: alertRuleSchema })
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createAlertSchema)) body: CreateAlertInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AlertRule> {
    res.setHeader('Cache-Control', 'no-store');
    return this.alerts.create(user, body);
  }

  /** Replaces the webhook signing secret; the new one is in this answer only. */
  @Post('secret')
  @ApiAnswer({ summary: 'A new webhook signing secret for every rule of the user', answer: webhookSecretSchema })
  rotateSecret(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<{ secret: string }> {
    res.setHeader('Cache-Control', 'no-store');
    return this.alerts.rotateSecret(user.id);
  }

  /** The public key browsers subscribe with (applicationServerKey). */
  @Get('push/key')
  @ApiAnswer({ summary: 'The public key push subscriptions are made with', answer: pushKeySchema })
  vapidKey(): { publicKey: string } {
    return this.alerts.vapidPublicKey();
  }

  @Post('push/subscriptions')
  @ApiAnswer({ summary: "This browser's push subscription saved", answer: 'none' })
  @HttpCode(204)
  subscribe(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(pushSubscriptionSchema)) body: PushSubscriptionInput,
  ): Promise<void> {
    return this.alerts.subscribe(user.id, body);
  }

  @Delete('push/subscriptions')
  @ApiAnswer({ summary: "This browser's push subscription removed", answer: 'none' })
  @HttpCode(204)
  unsubscribe(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(pushEndpointSchema)) body: { endpoint: string },
  ): Promise<void> {
    return this.alerts.unsubscribe(user.id, body.endpoint);
  }

  @Get(':id')
  @ApiAnswer({ summary: 'One alert rule', answer: alertRuleSchema })
  get(@CurrentUser() user: AuthUser, @Param('id', new ZodValidationPipe(alertIdParam)) id: string): Promise<AlertRule> {
    return this.alerts.get(user.id, id);
  }

  @Patch(':id')
  @ApiAnswer({ summary: 'The rule as changed', answer: alertRuleSchema })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(alertIdParam)) id: string,
    @Body(new ZodValidationPipe(updateAlertSchema)) body: UpdateAlertInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AlertRule> {
    res.setHeader('Cache-Control', 'no-store');
    return this.alerts.update(user, id, body);
  }

  @Delete(':id')
  @ApiAnswer({ summary: 'The rule deleted', answer: 'none' })
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', new ZodValidationPipe(alertIdParam)) id: string): Promise<void> {
    return this.alerts.remove(user.id, id);
  }

  @Get(':id/deliveries')
  @ApiAnswer({ summary: "The rule's latest deliveries and how each went", answer: alertDeliveriesSchema })
  deliveries(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(alertIdParam)) id: string,
  ): Promise<AlertDelivery[]> {
    return this.alerts.deliveries(user.id, id);
  }
}
