/**
 * The CSV writer of the exports (issue 34, ADR 0067): RFC 4180 (CRLF, a field with a comma, a
 * quote, CR or LF quoted, quotes doubled), a UTF-8 byte order mark so Excel reads the file as
 * UTF-8, a header row, amounts exact to the paisa in the Indian grouping the screens show
 * (`formatPaiseGrouped`, bigint), moments in India Standard Time in the screens' pattern, and
 * text that a spreadsheet would run as a formula (= + - @ tab CR first) prefixed with '.
 * Pure: it turns rows into text; the export routes stream what it yields.
 */
import { DATE_TIME_SECONDS_FORMAT, formatInstant, formatPaiseGrouped } from '@backlay/shared/domain';

/** Excel reads a CSV as UTF-8 only after this mark. */
export const CSV_BOM = '\uFEFF';

/**
 * One cell: text, a count (a number that is not money), an amount in paise, a moment, or empty.
 * Money is never a JavaScript number here: `{ paise }` is a bigint.
 */
export type CsvValue = string | number | null | undefined | { paise: bigint } | { at: Date };

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** The first characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field, neutralised and quoted as needed. */
function textField(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return quoted(safe);
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One value as its CSV field. Numbers and amounts are written as they are (a negative amount is a number, not a formula). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return textField(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`a CSV number must be finite, not ${value}`);
    return String(value);
  }
  if ('paise' in value) return quoted(formatPaiseGrouped(value.paise));
  return formatInstant(value.at, DATE_TIME_SECONDS_FORMAT, 'IST');
}

/** One record with its CRLF. */
export function csvRecord(fields: readonly CsvValue[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The file as chunks: the mark and the header row, then one chunk per batch of rows, so a file of
 * any size is never held whole (the route streams the chunks as they come).
 */
export async function* csvChunks<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(columns.map((c) => c.header));
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield batch.map((row) => csvRecord(columns.map((c) => c.value(row)))).join('');
  }
}

/** A file name of safe characters only (letters, digits, . _ -): the others become '-'. */
export function csvFileName(parts: readonly string[]): string {
  return `${parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-')).join('_')}.csv`;
}

/**
 * Pages of `size` rows from `read` until one comes back short: the batched reads of an export
 * (inside one snapshot, `Database.readSnapshot`, so the pages never overlap or skip a row).
 */
export async function* inBatches<Row>(read: (page: { limit: number; offset: number }) => Promise<readonly Row[]>, size = EXPORT_BATCH_ROWS): AsyncGenerator<readonly Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await read({ limit: size, offset });
    yield rows;
    if (rows.length < size) return;
  }
}

/** Rows an export reads at a time. */
export const EXPORT_BATCH_ROWS = 1000;
