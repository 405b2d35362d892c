import type { AppConfig } from '../config/config.schema';
import { mailFolder } from './mail-files.repository';

/**
 * Where outgoing mail goes (DESIGN "email", DECISIONS 33): SMTP when SMTP_URL is set; otherwise, outside production,
 * the dev outbox when DEV_OUTBOX opts into it, else .eml files under DATA_DIR that only the developer can read;
 * in production without SMTP_URL nowhere, and mail-dependent actions answer 503.
 */
export type MailRoute = 'smtp' | 'dev-outbox' | 'files' | 'none';

export function mailRoute(config: Pick<AppConfig, 'SMTP_URL' | 'DEV_OUTBOX' | 'NODE_ENV'>): MailRoute {
  if (config.SMTP_URL) return 'smtp';
  if (config.NODE_ENV === 'production') return 'none';
  return config.DEV_OUTBOX ? 'dev-outbox' : 'files';
}

/** Where mail goes, as `npm start`'s banner says it (README "The two commands"): the local folder is named in full. */
export function mailBanner(config: Pick<AppConfig, 'SMTP_URL' | 'DEV_OUTBOX' | 'NODE_ENV' | 'DATA_DIR'>): string {
  switch (mailRoute(config)) {
    case 'smtp':
      return `Mail: sent through ${new URL(config.SMTP_URL!).host}`;
    case 'dev-outbox':
      return 'Mail: the dev outbox, GET /api/dev/outbox';
    case 'files':
      return `Mail: written as .eml files in ${mailFolder(config)}`;
    case 'none':
      return 'Mail: none is sent (no SMTP_URL in production)';
  }
}
