/** Reading the CSV exports in tests (ADR 0067): an RFC 4180 parser, the screens' formats, every page of a JSON list. */
import { DATE_TIME_SECONDS_FORMAT, formatInstant, formatPaiseGrouped } from '@backlay/shared/domain';
import { rupeesToPaise } from '../src/common/money';
import { body, type TestContext } from './helper';

/** RFC 4180 records of a CSV text (quoted fields with commas, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

export const money = (rupees: number) => formatPaiseGrouped(rupeesToPaise(rupees));
export const ist = (iso: string) => formatInstant(iso, DATE_TIME_SECONDS_FORMAT, 'IST');

export async function download(t: TestContext, token: string, url: string) {
  const response = await t.request({ method: 'GET', url, token });
  return { status: response.statusCode, headers: response.headers, text: response.body, records: response.statusCode === 200 ? parseCsv(response.body.replace(/^\uFEFF/, '')) : [] };
}

/** Every page of a JSON list route (pageSize 100, the most a page holds). */
export async function allPages<T>(t: TestContext, token: string, url: string, rowsOf: (data: T) => unknown[], total: (data: T) => number): Promise<{ rows: unknown[]; first: T }> {
  const rows: unknown[] = [];
  let first: T | null = null;
  for (let page = 1; ; page += 1) {
    const response = await t.request({ method: 'GET', url: `${url}&page=${page}&pageSize=100`, token });
    expect(response.statusCode).toBe(200);
    const data = body<{ data: T }>(response).data;
    first ??= data;
    rows.push(...rowsOf(data));
    if (rows.length >= total(data) || rowsOf(data).length === 0) return { rows, first };
  }
}

