/**
 * `npm run bench`: every benchmark, one table, and bench/report.json. Sizes and speeds live here,
 * never in timed tests. The PostgreSQL rows need DATABASE_URL (e.g. `DATABASE_URL=$(bash .ci/postgres.sh)`).
 */
import { bundleSizes } from './bundle-sizes.js';
import { printTable, writeReport, type Row } from './report.js';
import { serviceThroughput } from './service-throughput.js';

const rows: Row[] = [...bundleSizes()];
rows.push(...(await serviceThroughput({})));
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) rows.push(...(await serviceThroughput({ post: 0.25, get: 0.35 }, databaseUrl)));
else rows.push({ name: 'PostgreSQL rows', value: 0, unit: '-', note: 'skipped: set DATABASE_URL' });
printTable(rows);
writeReport(rows);
