/**
 * Vitest's global setup for the OpenAPI status coverage. Setup gives the workers a
 * directory to write what they saw (contract-recorder.ts); teardown, after a run of every service
 * test file with no name filter, fails the run when a status the document declares for an operation
 * was answered by no test. A partial run (one file, `-t`) skips the coverage check; every answer is
 * still checked against the document as it is sent.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CONTRACT_DIR_ENV, routesOf, type Observation, type OpenApiDocument } from './contract-recorder.js';
import { liveDocument } from './openapi-document.js';

/** The test files whose requests count: the service's. */
const SERVICE_TESTS = /^src\/service\/.*\.test\.ts$/;

/** Every `operationId status` the document declares that no observation has. */
export function uncovered(document: OpenApiDocument, observations: Observation[]): string[] {
  const seen = new Set(observations.map((entry) => `${entry.operationId} ${entry.status}`));
  return routesOf(document).flatMap((route) =>
    Object.keys(route.operation.responses ?? {})
      .map((status) => `${route.operationId} ${status}`)
      .filter((key) => !seen.has(key)),
  );
}

function readObservations(dir: string): Observation[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Observation),
    );
}

async function ranEveryServiceTest(project: TestProject): Promise<boolean> {
  if (project.config.testNamePattern) return false;
  const root = project.config.root;
  const wanted = (await project.globTestFiles()).testFiles
    .map((file) => relative(root, file))
    .filter((file) => SERVICE_TESTS.test(file));
  // Collected and not failed: a file skipped whole (PostgreSQL only, on PGlite) counts as run.
  const ran = project.vitest.state.getFiles().filter((file) => file.result?.state !== 'fail');
  const done = new Set(ran.map((file) => relative(root, file.filepath)));
  return wanted.length > 0 && wanted.every((file) => done.has(file));
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'paytoken-contract-'));
  process.env[CONTRACT_DIR_ENV] = dir;
  return async () => {
    try {
      if (!(await ranEveryServiceTest(project))) return;
      const missing = uncovered((await liveDocument()) as unknown as OpenApiDocument, readObservations(dir));
      if (missing.length) {
        // Vitest only logs a teardown's error: the exit code must say it too.
        process.exitCode = 1;
        throw new Error(
          `No service test produced these documented answers (operationId status); add a test or drop the status from the document:\n${missing.join('\n')}`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
