import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** IPv4 ranges a production webhook may not reach: loopback, private, link-local, CGNAT, multicast, documentation, reserved. */
const NOT_PUBLIC_IPV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_IPV4.addSubnet(net, prefix, 'ipv4');
}
/** Global unicast IPv6 (RFC 4291 §2.4): everything outside it — site-local, ULA, link-local, discard-only, multicast, the translation prefixes — is refused. */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
/**
 * Inside global unicast, what IANA's special-purpose registry marks not globally reachable: the IETF protocol block
 * (Teredo, benchmarking, ORCHID among it) and the documentation prefixes. 6to4 (2002::/16) is judged by its IPv4.
 */
const NOT_GLOBAL_IPV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  NOT_GLOBAL_IPV6.addSubnet(net, prefix, 'ipv6');
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
 * The IPv4 addresses an IPv6 address carries and reaches through, from every prefix that embeds one: IPv4-mapped
 * (::ffff:0:0/96, also written ::ffff:7f00:1), IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64's
 * well-known 64:ff9b::/96 and local-use 64:ff9b:1::/48 (its IPv4 in the last 32 bits, as deployed with a /96), 6to4
 * (2002:AABB:CCDD::/48) and Teredo (2001:0::/32, its server and its client, the latter stored inverted).
 */
export function embeddedIPv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeroes = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeroes(0, 5) && g[5] === 0xffff) return [ipv4Of(g[6], g[7])];
  if (zeroes(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6], g[7])];
  // ::/96 but not :: and ::1, which are IPv6's own unspecified and loopback addresses
  if (zeroes(0, 6) && (g[6] !== 0 || g[7] > 1)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeroes(2, 6) || g[2] === 1)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}

const isMapped = (g: number[]) => g.slice(0, 5).every((group) => group === 0) && g[5] === 0xffff;
const isWellKnownNat64 = (g: number[]) =>
  g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0);

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::10.0.0.1) is checked as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const g = ipv6Groups(address);
  if (!g) return { address, family: 'ipv4' };
  const carried = embeddedIPv4(address);
  const onlyIPv4 = g.slice(0, 5).every((group) => group === 0) && carried.length === 1;
  return onlyIPv4 ? { address: carried[0], family: 'ipv4' } : { address, family: 'ipv6' };
}

/**
 * Public: a public IPv4 address; or global unicast IPv6 (2000::/3, not a special-purpose block in it) whose embedded
 * IPv4 addresses, if any (6to4), are public; or an IPv4 address through IPv4-mapping or well-known NAT64, judged as that
 * IPv4 address. Every other IPv6 form is refused whatever it carries: IPv4-translated, IPv4-compatible, local-use NAT64,
 * Teredo, site-local, unique-local, link-local, discard-only, multicast.
 */
export function isPublicAddress(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return isIP(address) === 4 && !NOT_PUBLIC_IPV4.check(address, 'ipv4');
  const carried = embeddedIPv4(address);
  if (isMapped(g) || isWellKnownNat64(g)) return !NOT_PUBLIC_IPV4.check(carried[0], 'ipv4');
  const bare = address.replace(/%.*$/, '');
  if (!GLOBAL_UNICAST.check(bare, 'ipv6') || NOT_GLOBAL_IPV6.check(bare, 'ipv6')) return false;
  return carried.every((ipv4) => !NOT_PUBLIC_IPV4.check(ipv4, 'ipv4'));
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
