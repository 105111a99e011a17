/**
 * Without a Firefox the run says so and fails; it skips the flows only when told to
 * (PAYTOKEN_SKIP_FIREFOX=1), and then reports them as skipped, never as passed. Each case runs
 * `npm run test:firefox` on one flow file, in a process of its own.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const FLOWS = 'e2e/firefox/hosted-script.firefox.ts';

function runFlowsWith(env: Record<string, string>) {
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/firefox/vitest.config.ts', FLOWS], {
    env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a machine without Firefox', () => {
  it('fails the run with what to install, and how to skip on purpose', () => {
    const { status, output } = runFlowsWith({ PAYTOKEN_FIREFOX: '/nonexistent/firefox', PAYTOKEN_SKIP_FIREFOX: '' });
    expect(status).not.toBe(0);
    expect(output).toContain(
      "No Firefox found: the payment flows must also pass in Firefox. Install Debian's firefox-esr",
    );
    expect(output).toContain('PAYTOKEN_SKIP_FIREFOX=1');
  });

  it('with PAYTOKEN_SKIP_FIREFOX=1 says it skips, and counts the flows as skipped', () => {
    const { status, output } = runFlowsWith({ PAYTOKEN_FIREFOX: '/nonexistent/firefox', PAYTOKEN_SKIP_FIREFOX: '1' });
    expect(status).toBe(0);
    expect(output).toContain('SKIPPING THE FIREFOX FLOWS (PAYTOKEN_SKIP_FIREFOX=1)');
    expect(output).toMatch(/Tests\s+5 skipped \(5\)/);
    expect(output).not.toMatch(/\d+ passed/);
  });
});
