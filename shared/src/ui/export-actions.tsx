import { useEffect, useState } from 'react';
import { useApis } from '../kernel/apis';
import { formatDateTimeSeconds } from '../kernel/date-format';
import type { CsvFile, ExportFilters, ExportReport } from '../kernel/export-api';
import { Button } from './kit';

/** Hands a downloaded file to the browser as a download (a link to the bytes, clicked, then let go). */
export function saveFile(file: CsvFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its bytes once the click is handled; the URL is let go a minute later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface ExportActionsProps {
  /** The report's export (GET /api/<report>/export). */
  report: ExportReport;
  /** The filters the screen applied, or null while they are not valid (Download CSV is off). */
  filters: ExportFilters | null;
  /** The report's name, on the printed page. */
  title: string;
  /** The filters in words ("01/11/2026 – 29/11/2026 · Deposit · All"), on the printed page. */
  summary: string;
}

/**
 * A report's "Download CSV" and "Print" (ADR 0067), beside its filters. The CSV comes from the
 * API (every row for these filters, not only this page), fetched with the page's bearer token and
 * saved as a file; Print prints the page, whose print stylesheet (shell/public/index.html) hides
 * the header, menus, filters and buttons and shows the heading this renders: the report's name,
 * its filters and when it was printed.
 */
export function ExportActions({ report, filters, title, summary }: ExportActionsProps) {
  const { exports } = useApis();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [printedAt, setPrintedAt] = useState(() => new Date());

  // Ctrl+P prints too: the heading says when, whichever way the page was printed.
  useEffect(() => {
    const stamp = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);

  const download = async () => {
    if (filters === null) return;
    setBusy(true);
    setError(null);
    try {
      saveFile(await exports.csv(report, filters));
    } catch (failure) {
      setError(`The CSV could not be downloaded: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="bl-export" role="group" aria-label={`${title}: download or print`}>
        <Button variant="secondary" onClick={() => void download()} disabled={filters === null || busy} aria-busy={busy}>
          Download CSV
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {error ? (
        <p className="bl-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bl-print-head" data-testid="print-head">
        <p className="bl-print-head__title">{title}</p>
        <p>{summary}</p>
        <p>Printed {formatDateTimeSeconds(printedAt)}</p>
      </div>
    </>
  );
}
