/**
 * Where a webhook may be sent (docs/api.md#webhook-endpoints): never to this service, never to a
 * link-local or metadata address, and to loopback and private networks only when the operator lists
 * them (`WEBHOOK_ALLOWED_NETWORKS`; the sandbox `npm start` runs allows loopback). Checked when an
 * endpoint is made, and again on the address each delivery actually connects to (`pinnedLookup`), so
 * a host name that resolves elsewhere later (DNS rebinding) is refused then.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What a target check needs to know. */
export interface TargetPolicy {
  /** Networks an operator allows among those refused by default (loopback, private). */
  allowed: BlockList;
  /** This service's own addresses: its public host name and the port it listens on. */
  self: { hostnames: string[]; port: number | null };
}

const never = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where the clouds' metadata services answer (169.254.169.254)
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 64], // AWS's IPv6 metadata address
] as const)
  never.addSubnet(net, prefix, 'ipv6');
never.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata address
never.addAddress('168.63.129.16', 'ipv4'); // Azure's host endpoint

const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['198.18.0.0', 15],
] as const)
  privateNetworks.addSubnet(net, prefix, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

/** Metadata host names refused before any lookup. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

/**
 * A list of networks as the setting gives it: `127.0.0.0/8,::1/128,10.1.2.3`.
 * @example parseNetworks('127.0.0.0/8,::1') // { list, problems: [] }
 */
export function parseNetworks(text: string): { list: BlockList; problems: string[] } {
  const list = new BlockList();
  const problems: string[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      problems.push(entry);
      continue;
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { list, problems };
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 one it is. */
function plain(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether a webhook may connect to `address` on `port`. */
export function addressAllowed(rawAddress: string, port: number, policy: TargetPolicy): boolean {
  const { address, type } = plain(rawAddress);
  if (never.check(address, type)) return false;
  const isPrivate = privateNetworks.check(address, type);
  if (isPrivate && !policy.allowed.check(address, type)) return false;
  const loopback = type === 'ipv4' ? address.startsWith('127.') : address === '::1';
  return !(loopback && policy.self.port === port);
}

/** The port a URL connects to. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** A URL's host as a name to resolve or an address (brackets of IPv6 removed). */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Every address a host name resolves to. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
export const resolveAll: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * Whether a URL is refused before any lookup: a metadata host name, this service's own host, or an
 * address written in the URL (which `http.request` connects to without looking it up) not allowed.
 */
export function refusedByName(url: URL, policy: TargetPolicy): boolean {
  const host = hostOf(url);
  if (METADATA_NAMES.has(host) || policy.self.hostnames.includes(host)) return true;
  return isIP(host) !== 0 && !addressAllowed(host, portOf(url), policy);
}

/** Why a URL may not receive webhooks, or null when it may: every address its host resolves to is allowed. */
export async function targetRefusal(
  url: URL,
  policy: TargetPolicy,
  resolve: Resolve = resolveAll,
): Promise<'WEBHOOK_URL_NOT_ALLOWED' | 'WEBHOOK_HOST_NOT_FOUND' | null> {
  if (refusedByName(url, policy)) return 'WEBHOOK_URL_NOT_ALLOWED';
  const host = hostOf(url);
  if (isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'WEBHOOK_HOST_NOT_FOUND';
  }
  if (!addresses.length) return 'WEBHOOK_HOST_NOT_FOUND';
  return addresses.every((found) => addressAllowed(found.address, portOf(url), policy))
    ? null
    : 'WEBHOOK_URL_NOT_ALLOWED';
}

/**
 * A `lookup` for `http.request` that connects only to an allowed address: the check is made on the
 * address the socket is given, after resolution, so no later answer of the DNS can move it.
 */
export function pinnedLookup(port: number, policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.find((found) => addressAllowed(found.address, port, policy));
      if (!allowed || addresses.some((found) => !addressAllowed(found.address, port, policy)))
        return callback(
          Object.assign(new Error(`${hostname} resolves to an address webhooks are not sent to.`), {
            code: 'WEBHOOK_ADDRESS_REFUSED',
          }),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [allowed]);
      callback(null, allowed.address, allowed.family);
    });
  };
}
