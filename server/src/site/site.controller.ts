import { Controller, Get, Inject } from '@nestjs/common';
import type { SiteConfig } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { ApiAnswer } from '../docs/route-doc';
import { siteSchema } from '../docs/app-answers';

/**
 * GET /api/site: the public, non-secret settings the web client renders: social links (spec 000 §2), the
 * free plan's monthly quota, so signed-out visitors see the configured number (DECISIONS 2), and which feeds are
 * simulated, which every page says.
 */
@Controller('site')
export class SiteController {
  /** The settings are the process's configuration: read once. */
  private readonly settings: SiteConfig;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = {
      social_links: config.SOCIAL_LINKS,
      free_monthly_quota: config.FREE_MONTHLY_QUOTA,
      simulated: simulatedFeeds(config),
    };
  }

  @Get()
  @ApiAnswer({ summary: "This deployment's public settings", answer: siteSchema })
  site(): SiteConfig {
    return this.settings;
  }
}

/**
 * The simulator's numbers: ODDS_PROVIDER or SCORES_PROVIDER `simulator` (the default, production's too), or the odds
 * stream at the simulator's own stream, ODDS_STREAM_URL's default, on loopback at SIMULATOR_STREAM_PORT (where
 * `npm start` runs it, scripts/lib/stack.mjs).
 */
export function simulatedFeeds(
  config: Pick<AppConfig, 'ODDS_PROVIDER' | 'ODDS_STREAM_URL' | 'SIMULATOR_STREAM_PORT' | 'SCORES_PROVIDER'>,
): SiteConfig['simulated'] {
  const stream = new URL(config.ODDS_STREAM_URL);
  const simulatorStream =
    ['127.0.0.1', 'localhost'].includes(stream.hostname) && stream.port === String(config.SIMULATOR_STREAM_PORT);
  return {
    odds: config.ODDS_PROVIDER === 'simulator' || (config.ODDS_PROVIDER === 'stream' && simulatorStream),
    scores: config.SCORES_PROVIDER === 'simulator',
  };
}
