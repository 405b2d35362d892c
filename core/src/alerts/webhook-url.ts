import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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
  const allowed = (address: string) => isPublicAddress(address) || (!production && isLoopbackAddress(address));
  return addresses.every(allowed) ? { ok: true, url } : { ok: false, problem: 'private' };
}
