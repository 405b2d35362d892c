import { Injectable, Logger } from '@nestjs/common';
import { McpSessionsRepository, type McpSessionKey } from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { RequestAuthenticator } from '../accounts/access/request-authenticator';
import { SharedTurns } from '../realtime/shared-turns';
import { OPPORTUNITIES_URI } from './mcp-tools';
import { McpNotifierService } from './mcp-notifier.service';

/** How often a stream tells its session that the opportunities moved, at most: the assistant reads them whole. */
export const NOTIFY_EVERY_MS = 2000;
/**
 * How often an open stream checks its key and session again (and says it is still there): the backstop for a change
 * whose announcement was never heard (a writer that could not reach Redis) and for a paid period ending by itself.
 */
export const STREAM_CHECK_MS = 15_000;

/** Where a session's stream writes its server-sent events: the HTTP answer, which the controller holds. */
export interface McpStreamSink {
  write(chunk: string): void;
  end(): void;
  /** The client has gone (the answer was closed or ended). */
  gone(): boolean;
  onClose(listener: () => void): void;
}

/**
 * A session's notification stream, once its key and session were checked and its answer opened: while it is open, a new
 * or changed opportunity on a feed the key's plan may see is told to the session as `notifications/resources/updated`
 * when it subscribed to the opportunities resource, at most once per NOTIFY_EVERY_MS (the assistant reads the resource
 * again for what changed). Any server process serves it: the session and its subscriptions are in Redis, and every
 * process hears the feeds. The key and the session are checked again, from PostgreSQL and Redis, as soon as a change to
 * the key's owner is announced (`accounts:principal-changed`: a key revoked or rotated, a plan changed, on any process;
 * McpNotifierService hears it), once the stream is listening (a change announced before then was not heard), and every
 * STREAM_CHECK_MS: a deleted or rotated key, a plan without Platinum or an ended session closes it, as the socket of
 * such a key is closed; Redis or PostgreSQL failing under it ends it (the client opens another, refused while either
 * is down).
 */
@Injectable()
export class McpStreamService {
  private readonly logger = new Logger(McpStreamService.name);

  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly sessions: McpSessionsRepository,
    private readonly notifier: McpNotifierService,
  ) {}

  async serve(
    sessionId: string,
    key: string,
    holder: McpSessionKey,
    opener: AuthUser,
    sink: McpStreamSink,
  ): Promise<void> {
    let user = opener;
    let lastSent = 0;
    let pending: NodeJS.Timeout | null = null;
    let stop: (() => void) | null = null;
    let ended = false;
    const end = () => {
      clearInterval(check);
      if (pending) clearTimeout(pending);
      stop?.();
      stop = null;
      if (ended) return;
      ended = true;
      sink.end();
    };
    const lost = (error: unknown) => {
      this.logger.warn({
        msg: 'An MCP stream ended: its key or session could not be checked, or the feeds heard',
        err: error,
      });
      end();
    };
    const send = async () => {
      pending = null;
      if (!(await this.sessions.isSubscribed(sessionId, OPPORTUNITIES_URI)) || ended) return;
      lastSent = Date.now();
      const notification = {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: OPPORTUNITIES_URI },
      };
      sink.write(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
    };
    const moved = () => {
      if (pending || ended) return;
      pending = setTimeout(() => void send().catch(lost), Math.max(0, lastSent + NOTIFY_EVERY_MS - Date.now()));
    };
    // A check asked for while one runs gets one that starts after it: a revocation announced during a read that began
    // before it is seen by the next.
    const checks = new SharedTurns(async () => {
      const [holding, held] = await Promise.all([
        this.authenticator.apiKeyStillHolds(key),
        this.sessions.heldBy(sessionId, holder),
      ]);
      if (!holding || !held) {
        end();
        return false;
      }
      user = holding;
      return !ended;
    });
    const recheck = () => void checks.run().catch(lost);
    const check = setInterval(() => {
      void checks
        .run()
        .then((open) => open && sink.write(': still here\n\n'))
        .catch(lost);
    }, STREAM_CHECK_MS);
    sink.onClose(end);
    try {
      stop = await this.notifier.listen({ userId: opener.id, access: () => user.access, moved, recheck, close: end });
    } catch (error) {
      return lost(error);
    }
    // the client may have gone while the feeds were being subscribed to (end then stops the listening too)
    if (ended || sink.gone()) return end();
    // a change announced between the controller's check and the announcements being heard here went unheard
    recheck();
  }
}
