/**
 * `.data/sandbox.env`: the first start's sandbox credentials as shell `export` lines, and the running
 * service's address as `$PAYTOKEN` (rewritten at every start), so the curl and SDK examples work as
 * they are after `. .data/sandbox.env`. `$API_KEY`/`$API_SECRET` are Springfield's own.
 */
import type { AccountCredentials, SandboxCredentials } from '../accounts/seed.js';

/** Single-quoted for the shell (credentials are URL-safe, but a quote must never end the value). */
const quoted = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** `export NAME='value'` lines, a `null` value a comment line as it is. */
const exportLines = (lines: [string, string | null][]): string =>
  lines.map(([name, value]) => (value === null ? name : `export ${name}=${quoted(value)}`)).join('\n');

/** Riverside Utilities' lines: in a fresh sandbox.env, or added to one written before it existed. */
export function riversideEnv(riverside: AccountCredentials): string {
  return exportLines([
    ['# Riverside Utilities, a client under the surcharge program (docs/fees.md#fee-programs).', null],
    ['RIVERSIDE_API_KEY', riverside.apiKey],
    ['RIVERSIDE_API_SECRET', riverside.apiSecret],
    ['RIVERSIDE_PUBLIC_KEY', riverside.publicKey],
    ['RIVERSIDE_IMPERSONATION_KEY', riverside.impersonationKey],
  ]);
}

/** The text of `sandbox.env` for the credentials a fresh database was seeded with. */
export function sandboxEnv({ system, springfield, shelby, riverside }: SandboxCredentials): string {
  const lines: [string, string | null][] = [
    ['# Springfield, a client account, with its own key and secret: the examples use these.', null],
    ['API_KEY', springfield.apiKey],
    ['API_SECRET', springfield.apiSecret],
    ['PUBLIC_KEY', springfield.publicKey],
    [
      '# Sandbox System, which collects for Springfield, Shelby and Riverside Utilities by impersonation (as the demo does).',
      null,
    ],
    ['SYSTEM_API_KEY', system.apiKey],
    ['SYSTEM_API_SECRET', system.apiSecret],
    ['SYSTEM_PUBLIC_KEY', system.publicKey],
    ['SPRINGFIELD_IMPERSONATION_KEY', springfield.impersonationKey],
    ['SHELBY_IMPERSONATION_KEY', shelby.impersonationKey],
    ['# Shelby, the other client account.', null],
    ['SHELBY_API_KEY', shelby.apiKey],
    ['SHELBY_API_SECRET', shelby.apiSecret],
  ];
  return `# Paytoken sandbox credentials, written once at the first start. Use: . .data/sandbox.env\n${exportLines(lines)}\n${riversideEnv(riverside)}\n`;
}

const ADDRESS_LINE = /^export PAYTOKEN=.*$/m;

/**
 * `text` (a sandbox.env) with `$PAYTOKEN` set to `url`, the address the service now runs on: the
 * line of an earlier start replaced, or added after the first line.
 * @example withServiceAddress(sandboxEnv(seeded), 'http://127.0.0.1:4010')
 */
export function withServiceAddress(text: string, url: string): string {
  const line = `export PAYTOKEN=${quoted(url)}`;
  if (ADDRESS_LINE.test(text)) return text.replace(ADDRESS_LINE, () => line);
  const firstLineEnd = text.indexOf('\n') + 1;
  return `${text.slice(0, firstLineEnd)}# The running service's address, rewritten at every start.\n${line}\n${text.slice(firstLineEnd)}`;
}
