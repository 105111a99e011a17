/**
 * `npm run bench`: every benchmark, one table, and bench/report.json.
 * Sizes and speeds live here, never in timed tests.
 */
import { bundleSizes } from './bundle-sizes.js';
import { printTable, writeReport, type Row } from './report.js';

const rows: Row[] = [...bundleSizes()];
printTable(rows);
writeReport(rows);
