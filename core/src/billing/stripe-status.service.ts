import { Injectable, Logger } from '@nestjs/common';
import { withTimeout } from '../util/with-timeout';
import { StripeGateway } from './stripe.gateway';

/** How long Stripe answering stands before it is checked again (at most one call a minute). */
const STRIPE_UP_FOR_MS = 60_000;
/** How long Stripe not answering stands: at most one check per that long during an outage, so recovery shows soon. */
const STRIPE_DOWN_FOR_MS = 10_000;
/** A check that takes longer is a Stripe that does not answer, whatever the SDK's own time-out. */
const STRIPE_CHECK_TIMEOUT_MS = 3_000;

/**
 * Whether Stripe takes this server's calls, for health: while it does not, checkouts and plan switches answer 503
 * (docs/operating.md, Outages), which operations must hear of. Its last known state, checked again (one light read)
 * when that is older than a minute while it answered, or 10 s after a failure, as the SMTP server is (MailService).
 * Only with Stripe itself: the local checkout is this process, and a production without keys takes no payments by
 * configuration.
 */
@Injectable()
export class StripeStatus {
  private readonly logger = new Logger(StripeStatus.name);
  private known: { problem: string | null; at: number } | null = null;
  private checking: Promise<string | null> | null = null;

  constructor(private readonly gateway: StripeGateway) {}

  /** Why Stripe does not take calls now, or null when it does (or is not in use). */
  async problem(): Promise<string | null> {
    if (this.gateway.mode !== 'stripe') return null;
    const known = this.known;
    if (known && Date.now() - known.at < (known.problem ? STRIPE_DOWN_FOR_MS : STRIPE_UP_FOR_MS)) return known.problem;
    this.checking ??= withTimeout(this.gateway.check(), STRIPE_CHECK_TIMEOUT_MS, 'the Stripe check')
      .then(
        () => this.learn(null),
        (error: Error) => this.learn(error.message),
      )
      .finally(() => (this.checking = null));
    return this.checking;
  }

  private learn(reason: string | null): string | null {
    const problem = reason === null ? null : `Stripe does not take calls: ${reason}`;
    const before = this.known?.problem;
    if (problem && !before) this.logger.warn({ msg: 'Stripe unavailable', reason });
    if (!problem && before) this.logger.log('Stripe available again');
    this.known = { problem, at: Date.now() };
    return problem;
  }
}
