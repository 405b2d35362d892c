import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Address ranges a production webhook may not reach: loopback, private, link-local, CGNAT, multicast, documentation and reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isPublicAddress(address: string): boolean {
  const a = plain(address);
  return !NOT_PUBLIC.check(a.address, a.family);
}

export function isLoopbackAddress(address: string): boolean {
  const a = plain(address);
  return LOOPBACK.check(a.address, a.family);
}

/** Where an outgoing alert may connect: public addresses, and loopback outside production (the tests' receivers). */
export function isAllowedDestination(address: string, production: boolean): boolean {
  return isPublicAddress(address) || (!production && isLoopbackAddress(address));
}

export type WebhookUrlProblem = 'invalid' | 'https_required' | 'private' | 'unresolvable';
export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; problem: WebhookUrlProblem };
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Issue 21: where a webhook may point. In production only https to public addresses — every address the host
 * resolves to is checked, so a name pointing at a private range is refused too; elsewhere http(s) to public
 * addresses or loopback (the tests' local receivers). Checked when the rule is saved and again before each
 * delivery, since a name can be re-pointed after it was saved.
 */
export async function checkWebhookUrl(raw: string, production: boolean, resolve: Resolve = resolveAll): Promise<WebhookUrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'invalid' };
  if (url.username || url.password) return { ok: false, problem: 'invalid' };
  if (production && url.protocol !== 'https:') return { ok: false, problem: 'https_required' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false, problem: 'unresolvable' };
  }
  if (!addresses.length) return { ok: false, problem: 'unresolvable' };
  return addresses.every((address) => isAllowedDestination(address, production)) ? { ok: true, url } : { ok: false, problem: 'private' };
}

/** The error a pinned connection raises when the name now resolves somewhere it may not go. */
export class DestinationRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolved to ${address}, which is not a public address`);
    this.name = 'DestinationRefusedError';
  }
}

/**
 * A DNS lookup for outgoing alert connections that refuses a forbidden address at connect time. Checking the URL
 * before the request is not enough: a name with a short TTL can answer a public address to the check and a private
 * one to the connection (DNS rebinding). The socket connects only to addresses this lookup returned and allowed.
 */
export function guardedLookup(production: boolean, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.replace(/^\[|\]$/g, '');
    const found = isIP(host) ? Promise.resolve([host]) : resolve(host);
    found.then(
      (addresses) => {
        const refused = addresses.find((address) => !isAllowedDestination(address, production));
        if (refused !== undefined || !addresses.length) {
          callback(new DestinationRefusedError(host, refused ?? 'nothing'), '', 4);
          return;
        }
        const entries = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
        const wanted = options.family === 4 || options.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
        if (!wanted.length) {
          callback(Object.assign(new Error(`${host} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 4);
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: Error) => callback(error, '', 4),
    );
  };
}
