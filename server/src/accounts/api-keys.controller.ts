import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import type { AuthUser } from './auth-user';
import { ApiKeyService, type ApiKeyResponse } from './api-key.service';
import { CurrentUser, RequirePlatinum } from './decorators';

/** Platinum personal API keys (DECISIONS 5). The key is shown once, in the answer to POST. */
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Get()
  @RequirePlatinum()
  list(@CurrentUser() user: AuthUser): Promise<ApiKeyResponse[]> {
    return this.apiKeys.list(user.id);
  }

  @Post()
  @RequirePlatinum()
  create(@CurrentUser() user: AuthUser, @Body() body: { name?: unknown } | undefined): Promise<ApiKeyResponse & { key: string }> {
    return this.apiKeys.create(user, body?.name);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePlatinum()
  async revoke(@CurrentUser() user: AuthUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    if (!(await this.apiKeys.revoke(user.id, id))) throw new NotFoundException({ statusCode: 404, code: 'API_KEY_NOT_FOUND', message: 'API key not found' });
  }
}
