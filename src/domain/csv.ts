/**
 * CSV files people open in a spreadsheet (the accountant's exports, a statement): RFC 4180 text,
 * cells that never run as formulas, and the byte order mark Excel needs to read UTF-8.
 */

/**
 * One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. A negative
 * number stays a number (a credit note's '-500.00'): it cannot run as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A column of a CSV file: its header, and what a row puts under it. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => unknown;
}

/** Rows as a CSV file: the header line, then a line per row, each ending CRLF (RFC 4180). */
export function csvText<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.cell(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The UTF-8 byte order mark. Excel on Windows opens a CSV without it in the machine's ANSI code
 * page, so 'Ramesh Kumār' or '₹' come out garbled; with it, Excel reads UTF-8.
 */
export const UTF8_BOM = '\uFEFF';

/** A CSV file meant for Excel (exports a person opens): csvText behind a UTF-8 byte order mark. */
export const excelCsvText = <Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string =>
  `${UTF8_BOM}${csvText(columns, rows)}`;
