/**
 * `npm run bench`: every benchmark, one table, bench/report.json, and the table of bench/README.md
 * made from that report. Sizes and speeds live here, never in timed tests or in docs typed by hand. The PostgreSQL rows (where the budgets apply) need DATABASE_URL,
 * e.g. `DATABASE_URL=$(bash .ci/postgres.sh) npm run bench`.
 */
import { bundleSizes } from './bundle-sizes.js';
import { checkoutLatency } from './checkout-latency.js';
import { firstPaint } from './first-paint.js';
import { formInteractive } from './form-interactive.js';
import { frameInteractive } from './frame-interactive.js';
import { outbox } from './outbox.js';
import { severalProcesses } from './processes.js';
import { writeBenchReadme } from './readme-table.js';
import { printTable, reportOf, writeReport, type Row } from './report.js';
import { serviceThroughput } from './service-throughput.js';
import { transactionSearch } from './transaction-search.js';

const rows: Row[] = [
  ...bundleSizes(),
  ...(await formInteractive()),
  ...(await frameInteractive()),
  ...(await firstPaint()),
  ...(await checkoutLatency()),
  ...(await serviceThroughput()),
  ...(await outbox()),
];
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl)
  rows.push(
    ...(await serviceThroughput(databaseUrl)),
    ...(await outbox(databaseUrl)),
    ...(await severalProcesses(databaseUrl)),
  );
else rows.push({ name: 'PostgreSQL rows', value: 0, unit: '-', note: 'skipped: set DATABASE_URL' });
// Search over 100 000 transactions: PostgreSQL only (its own row says so when DATABASE_URL is missing).
rows.push(...(await transactionSearch(databaseUrl)));
printTable(rows);
const report = reportOf(rows);
writeReport(report);
writeBenchReadme(report);
