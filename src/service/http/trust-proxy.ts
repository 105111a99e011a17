import { isIP } from 'node:net';

/**
 * Which proxies may name the client in `X-Forwarded-For`: none (`false`, the default), or these
 * addresses, CIDR ranges and named ranges (`loopback`, `linklocal`, `uniquelocal`). Fastify's
 * `trustProxy` takes the list as it is: the client is the nearest address in the chain that is not
 * one of them.
 */
export type TrustProxy = false | string[];

/** The named ranges Fastify's `trustProxy` (proxy-addr) knows, and what each stands for. */
export const NAMED_RANGES: Record<string, string> = {
  loopback: '127.0.0.1/8, ::1/128',
  linklocal: '169.254.0.0/16, fe80::/10',
  uniquelocal: '10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7',
};

/** An address, a CIDR range, or a named range; `everyone` when the range is every address (/0). */
function entryKind(text: string): 'address' | 'everyone' | null {
  if (text in NAMED_RANGES) return 'address';
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (!version || rest.length) return null;
  if (bits === undefined) return 'address';
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (version === 4 ? 32 : 128)) return null;
  return Number(bits) === 0 ? 'everyone' : 'address';
}

const SAFE_FORMS =
  "a list of the proxies' addresses or ranges (e.g. 10.0.0.1,10.1.0.0/16) or loopback for a proxy on this machine";

/**
 * `TRUST_PROXY` as written by an operator: empty or unset (no proxy), or a comma-separated list.
 * Forms that would trust any peer are refused, since every client could then choose its own
 * address: `true`, a hop count (it trusts whatever connects directly, which without a proxy in
 * front is every client), a range of every address (`0.0.0.0/0`, `::/0`).
 * @example parseTrustProxy('10.0.0.1, 10.1.0.0/16') // { trust: ['10.0.0.1', '10.1.0.0/16'] }
 */
export function parseTrustProxy(text: string | undefined): { trust: TrustProxy } | { problem: string } {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return { trust: false };
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const kinds = list.map(entryKind);
  if (/^\d+$/.test(value) || kinds.includes('everyone'))
    return {
      problem: `TRUST_PROXY=${value} would trust any peer to name the client in X-Forwarded-For, so any client could choose its own address: list the proxies' addresses instead (e.g. 10.0.0.1,10.1.0.0/16), or loopback for a proxy on this machine.`,
    };
  if (!list.length || kinds.includes(null)) return { problem: `TRUST_PROXY must be ${SAFE_FORMS}; it is "${value}".` };
  return { trust: list };
}
