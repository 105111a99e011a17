import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountCredentials } from '../accounts/seed.js';
import { sandboxEnv, withServiceAddress } from './sandbox-env.js';

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
        riverside: account('riverside', 'imp_riverside'),
      }),
    );
    const printed = execFileSync(
      'bash',
      [
        '-c',
        `. "$0" && printf '%s\\n' "$API_KEY" "$API_SECRET" "$SYSTEM_API_KEY" "$SPRINGFIELD_IMPERSONATION_KEY" "$RIVERSIDE_IMPERSONATION_KEY"`,
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(printed.split('\n')).toEqual([
      'key_springfield',
      "secret_springfield'$(echo no)",
      'key_system',
      'imp_springfield',
      'imp_riverside',
      '',
    ]);
  });

  it('names the running service as $PAYTOKEN, the last start winning', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-env-')), 'sandbox.env');
    const seeded = sandboxEnv({
      system: account('system', null),
      springfield: account('springfield', 'imp_springfield'),
      shelby: account('shelby', 'imp_shelby'),
      riverside: account('riverside', 'imp_riverside'),
    });
    const first = withServiceAddress(seeded, 'http://127.0.0.1:4010');
    writeFileSync(file, withServiceAddress(first, 'http://127.0.0.1:5123'));
    const printed = execFileSync('bash', ['-c', `. "$0" && printf '%s\\n' "$PAYTOKEN" "$API_KEY"`, file], {
      encoding: 'utf8',
    });
    expect(printed).toBe('http://127.0.0.1:5123\nkey_springfield\n');
    expect(withServiceAddress(first, 'http://127.0.0.1:5123').match(/PAYTOKEN=/g)).toHaveLength(1);
  });
});
