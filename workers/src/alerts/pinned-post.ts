import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PinnedPost {
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
  timeoutMs: number;
  /** Decides where the socket may connect (core's guardedLookup), so the address checked is the address used. */
  lookup: LookupFunction;
}

/**
 * POSTs once and resolves with the HTTP status (the answer's body is read and dropped); rejects on a network
 * error, a refused destination or the time-out. Redirects are not followed: a 3xx is the receiver's answer. No
 * pooled sockets: every delivery connects afresh, so every connection goes through the lookup's check.
 */
export function postPinned({ url, headers, body, timeoutMs, lookup }: PinnedPost): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(payload.byteLength) },
        lookup,
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
