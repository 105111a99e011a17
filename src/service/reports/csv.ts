/**
 * CSV as RFC 4180 writes it (CRLF between records, a field quoted when it holds a comma, a quote or a
 * line break, its quotes doubled), and safe to open in a spreadsheet: a text field that a spreadsheet
 * would read as a formula (it begins with =, +, -, @, a tab or a carriage return) is prefixed with an
 * apostrophe, so `=HYPERLINK(…)` stays text (OWASP's "CSV injection"). Numbers are written as they
 * are: a refund's -40.00 is a number, not a formula.
 */

/** One field: text (guarded against formulas) or a number already formatted (`{ number: '-40.00' }`). */
export type CsvField = string | { number: string };

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The records as one CSV text, with a CRLF after each record.
 * @example toCsv([['payer', 'amount'], ['=1+1', { number: '-40.00' }]]) // 'payer,amount\r\n\'=1+1,-40.00\r\n'
 */
export function toCsv(records: CsvField[][]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}

function csvField(field: CsvField): string {
  const text = typeof field === 'string' ? (FORMULA_START.test(field) ? `'${field}` : field) : field.number;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
