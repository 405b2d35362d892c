import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiKeySummary, ApiKeyWithSecret } from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { ApiKeyService } from './api-key.service';
import {
  apiKeyCreateSchema,
  apiKeyIdParam,
  apiKeyNameSchema,
  type ApiKeyCreateInput,
  type ApiKeyNameInput,
} from './api-keys.dto';
import { CurrentUser, RequireAuth, RequirePlatinum } from '../access/decorators';
import { requestOrigin } from '../audit/audit.service';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { ApiAnswer } from '../../docs/route-doc';
import { apiKeySchema, apiKeyWithSecretSchema } from '../../docs/account-answers';
import { z } from 'zod';

/**
 * Platinum personal API keys (DECISIONS 5): create (with its scopes), name, list with last use, rotate, revoke. Making a
 * secret (create, rotate) needs Platinum; the owner lists, renames and revokes their keys on any plan, so a user who
 * lost Platinum can still revoke a leaked key before Platinum (a gift, a new subscription) makes it work again. A key
 * cannot manage keys (no @AcceptsApiKey here): a leaked key cannot mint others or lock its owner out.
 */
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Get()
  @RequireAuth()
  @ApiAnswer({ summary: "The user's API keys (never their secrets)", answer: z.array(apiKeySchema) })
  list(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<ApiKeySummary[]> {
    res.setHeader('Cache-Control', 'no-store');
    return this.apiKeys.list(user.id);
  }

  /** The secret is in this answer only; its scopes are chosen now and never widened after. */
  @Post()
  @RequirePlatinum()
  @ApiAnswer({ summary: 'The new key with its secret, shown this once', answer: apiKeyWithSecretSchema })
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(apiKeyCreateSchema)) body: ApiKeyCreateInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiKeyWithSecret> {
    res.setHeader('Cache-Control', 'no-store');
    return this.apiKeys.create(user, body, requestOrigin(req));
  }

  @Patch(':id')
  @RequireAuth()
  @ApiAnswer({ summary: 'The key renamed', answer: apiKeySchema })
  rename(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(apiKeyIdParam)) id: string,
    @Body(new ZodValidationPipe(apiKeyNameSchema)) body: ApiKeyNameInput,
    @Req() req: Request,
  ): Promise<ApiKeySummary> {
    return this.apiKeys.rename(user.id, id, body.name, requestOrigin(req));
  }

  /** A new secret for the key, in this answer only; the old one stops working at once. */
  @Post(':id/rotate')
  @RequirePlatinum()
  @ApiAnswer({
    summary: 'The key with a new secret, shown this once (the old one stops working)',
    answer: apiKeyWithSecretSchema,
  })
  @HttpCode(200)
  rotate(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(apiKeyIdParam)) id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiKeyWithSecret> {
    res.setHeader('Cache-Control', 'no-store');
    return this.apiKeys.rotate(user, id, requestOrigin(req));
  }

  @Delete(':id')
  @RequireAuth()
  @ApiAnswer({ summary: 'The key deleted: it is refused from its next request', answer: 'none' })
  @HttpCode(204)
  revoke(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(apiKeyIdParam)) id: string,
    @Req() req: Request,
  ): Promise<void> {
    return this.apiKeys.revoke(user.id, id, requestOrigin(req));
  }
}
