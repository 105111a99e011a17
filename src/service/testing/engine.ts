/**
 * Which database this test run is on. CI runs the service suites twice: on the embedded database
 * (PGlite), then on PostgreSQL with DATABASE_URL set (`npm run test:postgres`). A test of the embedded
 * database alone (its data directory, its lock, its files) runs in the first pass only, and a test
 * written "for each engine" runs on the pass's own engine, so no test runs twice to the same end.
 */
import { describe } from 'vitest';

/** The engine of this run: PostgreSQL when DATABASE_URL is set, else the embedded database. */
export const ENGINE: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A describe block about the embedded database alone: skipped in the PostgreSQL pass, which would
 * only repeat it.
 * @example describeEmbedded('one owner per embedded data directory', () => { … });
 */
export const describeEmbedded = describe.skipIf(ENGINE === 'postgres');
