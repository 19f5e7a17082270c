import { apiClient } from './api-client';
import { provideApis } from './apis';
import { toApiError, type ApiClient } from './client';

/**
 * The reports the API exports as CSV (ADR 0067): each is `GET /api/<report>/export` with the
 * filters of its JSON route (no paging), answered by a file the server streams.
 */
export type ExportReport =
  | 'account-statement'
  | 'bet-history'
  | 'unsettled-bets'
  | 'profit-loss'
  | 'get-deposit-withdraw-list'
  | 'list-clients'
  | 'casino-report'
  | 'game-reports';

/** A report's filters as the query of its export (undefined ones left out). */
export type ExportFilters = Readonly<Record<string, string | number | undefined>>;

/** A downloaded export: the server's file name and its bytes (the UTF-8 BOM kept). */
export interface CsvFile {
  fileName: string;
  blob: Blob;
}

/** The file name of a `Content-Disposition: attachment; filename="…"`, or null. */
export function attachmentName(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
}

/**
 * The CSV exports through the page's client: the bearer token, the refresh-once rule and the
 * sign-out codes apply as to every call; bytes, not text, so the BOM Excel needs stays; no timeout
 * (a large file streams for as long as it takes).
 */
export function createExportApi(client: ApiClient) {
  return {
    csv: async (report: ExportReport, filters: ExportFilters): Promise<CsvFile> => {
      try {
        const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
        const response = await client.main.get<ArrayBuffer>(`/${report}/export`, { params, responseType: 'arraybuffer', timeout: 0 });
        return {
          fileName: attachmentName(response.headers['content-disposition']) ?? `${report}.csv`,
          blob: new Blob([response.data], { type: 'text/csv;charset=utf-8' }),
        };
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}

/** The exports of the page, bound to its one client. */
export const exportApi = createExportApi(apiClient);

declare module './apis' {
  interface Apis {
    exports: typeof exportApi;
  }
}
provideApis({ exports: exportApi });
