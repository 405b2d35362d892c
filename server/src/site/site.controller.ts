import { Controller, Get, Inject } from '@nestjs/common';
import type { SiteConfig } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { ApiAnswer } from '../docs/route-doc';
import { siteSchema } from '../docs/app-answers';

/**
 * GET /api/site: the public, non-secret settings the web client renders: social links (spec 000 §2) and the
 * free plan's monthly quota, so signed-out visitors see the configured number (DECISIONS 2).
 */
@Controller('site')
export class SiteController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiAnswer({ summary: "This deployment's public settings", answer: siteSchema })
  site(): SiteConfig {
    return { social_links: this.config.SOCIAL_LINKS, free_monthly_quota: this.config.FREE_MONTHLY_QUOTA };
  }
}
