import type { AppConfig } from '../config/config.schema';

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
