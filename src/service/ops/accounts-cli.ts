/**
 * `npm run accounts -- <command>`: manage accounts (see USAGE in ops/accounts-commands.ts).
 * On PostgreSQL it works on the database, and every running service process applies the change
 * within a second or two; on the embedded database it goes through the running service (its admin
 * endpoint on loopback), or, when none runs, works on the files under the data directory's lock.
 */
import { ConfigError, loadConfig, type ServiceConfig } from '../config/config.js';
import { AdminUnavailableError, callAdmin } from './admin.js';
import { runAccountsCommand, UsageError } from './accounts-commands.js';
import { lockDataDir, lockOwner, makePrivate } from './data-dir.js';
import { startErrorMessage } from './start-errors.js';
import { migrate } from '../storage/migrations.js';
import { openDatabase } from '../storage/open.js';
import { createRepository } from '../storage/repository.js';

const argv = process.argv.slice(2);
const print = (line: string) => console.log(line);

let config: ServiceConfig | undefined;
try {
  config = loadConfig();
  let release = () => undefined as void;
  if (!config.databaseUrl) {
    if (lockOwner(config.dataDir)) {
      const answer = await callAdmin(config.dataDir, argv);
      for (const line of answer.lines) print(line);
      if (answer.error) throw new UsageError(answer.error);
      process.exit(0);
    }
    const { dataDir } = config;
    const unlock = lockDataDir(dataDir, 'npm run accounts');
    release = () => {
      makePrivate(dataDir); // the embedded engine leaves its new files world-readable
      unlock();
    };
  }
  try {
    const sql = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(sql);
    const repository = createRepository(sql);
    try {
      // Under the lock no service runs on the embedded database: nothing to wait for.
      await runAccountsCommand(argv, repository, print, config.databaseUrl ? undefined : () => Promise.resolve());
    } finally {
      await repository.close();
    }
  } finally {
    release();
  }
} catch (error) {
  const known = [UsageError, ConfigError, AdminUnavailableError].some((type) => error instanceof type);
  // The database unreachable or refusing, the data directory in use: the service's own lines.
  console.error(known ? (error as Error).message : ((config && startErrorMessage(error, config)) ?? error));
  process.exitCode = 1;
}
