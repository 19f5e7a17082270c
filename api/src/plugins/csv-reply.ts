/**
 * The CSV exports' edge (ADR 0067): the schema of an export route, made from its JSON route's
 * (the same filters, without the paging: an export has every row), and the streamed answer.
 */
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { csvChunks, type CsvColumn } from '../common/csv';

/** What a service hands the route: the file's name, its columns and its rows, read in batches as the answer is sent. */
export interface CsvExport<Row> {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /** Lazy: nothing is read (and no connection taken) before the answer streams. */
  batches: AsyncIterable<readonly Row[]>;
}

type ObjectSchema = { type: 'object'; properties: Record<string, unknown>; required?: readonly string[]; additionalProperties?: boolean };

/**
 * The export's query string: the JSON route's filters (its query string, or the body of a POST
 * list) without page and pageSize.
 */
export function exportFilters<S extends ObjectSchema>(filters: S): S {
  const properties = Object.fromEntries(Object.entries(filters.properties).filter(([name]) => name !== 'page' && name !== 'pageSize'));
  return { ...filters, properties, ...(filters.required ? { required: filters.required.filter((name) => name in properties) } : {}) };
}

/** The OpenAPI shape of an export route: its filters, a CSV answer, and its JSON twin named. */
export function csvExportSchema<S extends ObjectSchema>(jsonRoute: string, filters: S, tags: readonly string[]) {
  return {
    tags,
    security: [{ bearerAuth: [] }],
    summary: `Download ${jsonRoute} as CSV`,
    description:
      `Every row of GET/POST ${jsonRoute} for the same filters (no paging, no cap), streamed as CSV: a UTF-8 BOM, a header row, ` +
      'RFC 4180 quoting, amounts in rupees in the Indian grouping (exact to the paisa), times in IST, formula-like text prefixed with \'. ' +
      'Same access as the JSON route (ADR 0067).',
    produces: ['text/csv'],
    querystring: exportFilters(filters),
  };
}

/** Streams the export as an attachment; the rows are read as the client takes them. */
export function sendCsv<Row>(reply: FastifyReply, file: CsvExport<Row>): FastifyReply {
  return reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(Readable.from(csvChunks(file.columns, file.batches)));
}
