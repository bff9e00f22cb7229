/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, fields with a comma, quote, CR or LF in
 * double quotes, quotes doubled), with text that a spreadsheet would run as a formula neutralised.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** Text starting with one of these is a formula (or DDE call) to Excel, LibreOffice and Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Prefixes text that would start a formula with `'`, which spreadsheets show as text and do not run
 * (OWASP "CSV injection"). Numbers the service writes itself are left alone: `-3` stays a number.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: one line per row, each ended by CRLF. */
export function toCsv(rows: CsvValue[][]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
