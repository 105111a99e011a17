/**
 * `.data/sandbox.env`: the first start's sandbox credentials as shell `export` lines, and the running
 * service's address as `$PAYTOKEN` (rewritten at every start), so the curl and SDK examples work as
 * they are after `. .data/sandbox.env`. `$API_KEY`/`$API_SECRET` are Springfield's own.
 */
import type { SandboxCredentials } from '../accounts/seed.js';

/** Single-quoted for the shell (credentials are URL-safe, but a quote must never end the value). */
const quoted = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** The text of `sandbox.env` for the credentials a fresh database was seeded with. */
export function sandboxEnv({ system, springfield, shelby }: SandboxCredentials): string {
  const lines: [string, string | null][] = [
    ['# Springfield, a client account, with its own key and secret: the examples use these.', null],
    ['API_KEY', springfield.apiKey],
    ['API_SECRET', springfield.apiSecret],
    ['PUBLIC_KEY', springfield.publicKey],
    ['# Sandbox System, which collects for Springfield and Shelby by impersonation (as the demo does).', null],
    ['SYSTEM_API_KEY', system.apiKey],
    ['SYSTEM_API_SECRET', system.apiSecret],
    ['SYSTEM_PUBLIC_KEY', system.publicKey],
    ['SPRINGFIELD_IMPERSONATION_KEY', springfield.impersonationKey],
    ['SHELBY_IMPERSONATION_KEY', shelby.impersonationKey],
    ['# Shelby, the other client account.', null],
    ['SHELBY_API_KEY', shelby.apiKey],
    ['SHELBY_API_SECRET', shelby.apiSecret],
  ];
  const body = lines.map(([name, value]) => (value === null ? name : `export ${name}=${quoted(value)}`));
  return `# Paytoken sandbox credentials, written once at the first start. Use: . .data/sandbox.env\n${body.join('\n')}\n`;
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
