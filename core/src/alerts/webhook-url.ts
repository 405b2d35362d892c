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

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part read, a zone dropped); null if not IPv6. */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === null ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries and reaches through: IPv4-mapped (::ffff:a.b.c.d, also written
 * ::ffff:7f00:1), IPv4-compatible (::a.b.c.d, ::7f00:1), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32, its
 * server and its client, the latter stored inverted). A form that names a private IPv4 address must be refused as that
 * address is (`[::7f00:1]` is loopback to the check that reads it as IPv4). NAT64's 64:ff9b::/96 is refused whole.
 */
export function embeddedIPv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeroes = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeroes(0, 5) && g[5] === 0xffff) return [ipv4Of(g[6], g[7])];
  // ::/96 but not :: and ::1, which are IPv6's own unspecified and loopback addresses
  if (zeroes(0, 6) && (g[6] !== 0 || g[7] > 1)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::10.0.0.1) is checked as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const g = ipv6Groups(address);
  if (!g) return { address, family: 'ipv4' };
  const carried = embeddedIPv4(address);
  const onlyIPv4 = g.slice(0, 5).every((group) => group === 0) && carried.length === 1;
  return onlyIPv4 ? { address: carried[0], family: 'ipv4' } : { address, family: 'ipv6' };
}

/** Public: neither the address nor any IPv4 address it carries (embeddedIPv4) is in a range a webhook may not reach. */
export function isPublicAddress(address: string): boolean {
  const a = plain(address);
  if (NOT_PUBLIC.check(a.address, a.family)) return false;
  return a.family === 'ipv4' || embeddedIPv4(address).every((ipv4) => !NOT_PUBLIC.check(ipv4, 'ipv4'));
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
 * Where a webhook may point. In production only https to public addresses — every address the host
 * resolves to is checked, so a name pointing at a private range is refused too; elsewhere http(s) to public
 * addresses or loopback (the tests' local receivers). Checked when the rule is saved and again before each
 * delivery, since a name can be re-pointed after it was saved.
 */
export async function checkWebhookUrl(
  raw: string,
  production: boolean,
  resolve: Resolve = resolveAll,
): Promise<WebhookUrlCheck> {
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
  return addresses.every((address) => isAllowedDestination(address, production))
    ? { ok: true, url }
    : { ok: false, problem: 'private' };
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
        const wanted =
          options.family === 4 || options.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
        if (!wanted.length) {
          callback(
            Object.assign(new Error(`${host} has no IPv${options.family} address`), { code: 'ENOTFOUND' }),
            '',
            4,
          );
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (error: Error) => callback(error, '', 4),
    );
  };
}
