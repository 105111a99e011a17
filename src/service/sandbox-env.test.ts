import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountCredentials } from './accounts.js';
import { sandboxEnv } from './sandbox-env.js';

const account = (name: string, impersonationKey: string | null): AccountCredentials => ({
  name,
  kind: impersonationKey ? 'client' : 'system',
  apiKey: `key_${name}`,
  apiSecret: `secret_${name}'$(echo no)`,
  publicKey: `pk_${name}`,
  impersonationKey,
});

describe('sandbox.env', () => {
  it('is ready to source: $API_KEY and $API_SECRET are Springfield’s, taken literally', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-env-')), 'sandbox.env');
    writeFileSync(
      file,
      sandboxEnv({
        system: account('system', null),
        springfield: account('springfield', 'imp_springfield'),
        shelby: account('shelby', 'imp_shelby'),
      }),
    );
    const printed = execFileSync(
      'bash',
      [
        '-c',
        `. "$0" && printf '%s\\n' "$API_KEY" "$API_SECRET" "$SYSTEM_API_KEY" "$SPRINGFIELD_IMPERSONATION_KEY"`,
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(printed.split('\n')).toEqual([
      'key_springfield',
      "secret_springfield'$(echo no)",
      'key_system',
      'imp_springfield',
      '',
    ]);
  });
});
