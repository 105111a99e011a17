import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BinTableError, parseBinTable, type BinTable } from './bin-table.js';

/** The sandbox's own table (docs/fees.md#the-bin-table): the test cards, and the usual debit and prepaid ones. */
export const SANDBOX_BIN_TABLE_FILE = fileURLToPath(new URL('../sandbox/bin-ranges.csv', import.meta.url));

/**
 * The BIN table in `file`, read and checked once at start (config/config.ts): a missing or bad file
 * throws `BinTableError` naming the file and each bad line.
 * @example loadBinTableFile(SANDBOX_BIN_TABLE_FILE).lookup('52008282') // MasterCard debit
 */
export function loadBinTableFile(file: string): BinTable {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    throw new BinTableError([`${file} cannot be read (${code}).`]);
  }
  return parseBinTable(text, file);
}

let sandboxTable: BinTable | undefined;

/** The sandbox's table, loaded on first use: what a service built without a configured table (a test) uses. */
export function sandboxBinTable(): BinTable {
  sandboxTable ??= loadBinTableFile(SANDBOX_BIN_TABLE_FILE);
  return sandboxTable;
}
