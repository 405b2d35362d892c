import { Injectable, Logger, type HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditActions } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { opsRefusal, type OpsNeed } from '../accounts/access/ops-access';
import { AuditService, requestOrigin } from '../accounts/audit/audit.service';
import { RequestAuthenticator } from '../accounts/access/request-authenticator';

export type OpsDecision = { user: AuthUser; refusal: null } | { user: AuthUser | null; refusal: HttpException };

/**
 * Who may reach the operations endpoints served outside Nest's router (the queue console, /metrics, the /ops page):
 * the request is authenticated by the guards' own RequestAuthenticator (a bearer or cookie access token, the cookie
 * with its CSRF rule on unsafe methods, then an API key), and judged by the one operations rule (`opsRefusal`), so
 * these endpoints answer exactly as a `@RequireOpsViewer()` route would.
 */
@Injectable()
export class OpsGate {
  private readonly logger = new Logger(OpsGate.name);

  constructor(
    private readonly audit: AuditService,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  /** Rejects with the credentials' own errors (a failed CSRF check, a key whose owner lost Platinum). */
  async decide(req: Request, need: OpsNeed): Promise<OpsDecision> {
    const user = await this.authenticator.authenticate(req);
    const refusal = opsRefusal(user, need);
    if (refusal) return { user, refusal };
    req.user = user as AuthUser;
    return { user: user as AuthUser, refusal: null };
  }

  /**
   * An operator acted on the queues: once answered, the audit log keeps who, what, from where and how it ended (an
   * event of no account: `userId` null). A record that cannot be written is logged with all it would have held.
   */
  recordAction(user: AuthUser, req: Request, res: Response): void {
    res.once('finish', () => {
      const entry = {
        userId: null,
        actorId: user.id,
        action: AuditActions.opsQueueAction,
        ...requestOrigin(req),
        details: { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode },
      };
      this.audit
        .record(entry)
        .catch((error: Error) =>
          this.logger.error({ ...entry, err: error }, `Audit record of an operations action failed: ${error.message}`),
        );
    });
  }
}
