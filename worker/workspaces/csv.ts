/**
 * CSV as RFC 4180 writes it — fields joined by commas, records by CRLF, a field with a comma, quote
 * or line break in double quotes with its quotes doubled — and safe to open in a spreadsheet: a
 * field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so it
 * is read as text and never run as a formula (OWASP's "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRecord(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
