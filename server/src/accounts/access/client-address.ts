import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import proxyAddr from 'proxy-addr';
import { ipv6Groups, type AppConfig } from '@oddspulse/core';

type TrustProxy = AppConfig['TRUST_PROXY'];

/**
 * TRUST_PROXY as a function, for requests Express does not see (the socket.io handshake); Express's own
 * `trust proxy` takes the value as is (http.ts). Off: the socket's own address, any X-Forwarded-For ignored.
 */
export function compileTrustProxy(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client address of a request under TRUST_PROXY (what Express's `req.ip` gives an HTTP request). */
export function requestAddress(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  return proxyAddr(req, trust);
}

/** The client address of an HTTP request, as Express resolved it under TRUST_PROXY. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The key an address is limited by: an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d), an IPv6
 * address its /64 (`2001:db8:1:2::/64`). One IPv6 client holds a whole /64 (RFC 4291's interface identifiers, privacy
 * addresses), so counting each address apart gave it 2^64 budgets.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
