import { isIP } from 'node:net';

/**
 * Which proxies may name the client in `X-Forwarded-For`: none (`false`, the default), the nearest
 * `n` hops, or these addresses and CIDR ranges. Fastify's `trustProxy` takes each form as it is.
 */
export type TrustProxy = false | number | string[];

const isAddressOrRange = (text: string): boolean => {
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY` as written by an operator: empty or unset, a hop count, or a comma-separated list.
 * `true` (trust any peer) is refused: every client could then choose its own address.
 * @example parseTrustProxy('10.0.0.1, 10.1.0.0/16') // ['10.0.0.1', '10.1.0.0/16']
 */
export function parseTrustProxy(text: string | undefined): TrustProxy | null {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return list.length && list.every(isAddressOrRange) ? list : null;
}

/** The form Fastify's `trustProxy` option types: a hop count becomes "trust the nearest `n` hops". */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
