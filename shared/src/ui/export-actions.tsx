import { useEffect, useLayoutEffect, useRef, useState } from 'react';
// By the package's name, not a relative path: this file is bundled by the screens that import it
// (`@backlay/shared/exports`, loaded with them), and the page's one API registry is the
// @backlay/shared singleton's; a relative import would bundle a second, empty registry.
import { Button, formatDateTimeSeconds, sharedT, useApis, useSharedT, type CsvFile, type ExportFilters, type ExportReport } from '@backlay/shared';

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

/**
 * The filters of the report around `from`, in words, as its filter bar shows them: each labelled
 * control of the page's `.bl-filters` with its value ("From: 01/11/2026 · To: 29/11/2026 · Sport:
 * Cricket"); a select by its chosen option's text, a date as the product writes it, empty ones left out.
 */
export function describeFilters(from: Element): string {
  const page = from.closest('.bl-page') ?? from.ownerDocument.body;
  const words: string[] = [];
  for (const bar of page.querySelectorAll('.bl-filters')) {
    for (const label of bar.querySelectorAll('label')) {
      const control = label.control;
      if (!control || !(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
      let value: string;
      if (control instanceof HTMLSelectElement) value = control.selectedOptions[0]?.text ?? '';
      else if (control.type === 'checkbox') value = control.checked ? sharedT('yes') : '';
      else if (control.type === 'date') value = control.value.split('-').reverse().join('/');
      else value = control.value.trim();
      if (value !== '') words.push(`${label.textContent?.trim() ?? ''}: ${value}`);
    }
  }
  return words.join(' · ');
}

export interface ExportActionsProps {
  /** The report's export (GET /api/<report>/export). */
  report: ExportReport;
  /** The filters the screen applied, or null while they are not valid (Download CSV is off). */
  filters: ExportFilters | null;
  /** The report's name, on the printed page. */
  title: string;
  /** More words for the printed page beside the filter bar's ("Account: demo-user"). */
  summary?: string;
}

/**
 * A report's "Download CSV" and "Print" (ADR 0067), beside its filters. The CSV comes from the
 * API (every row for these filters, not only this page), fetched with the page's bearer token and
 * saved as a file; Print prints the page, whose print stylesheet (shell/public/index.html) hides
 * the header, menus, filters, buttons and the page's own heading, and shows the heading this
 * renders instead: the report's name (once), its filters and when it was printed.
 */
export function ExportActions({ report, filters, title, summary }: ExportActionsProps) {
  const { exports } = useApis();
  const t = useSharedT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The print heading's filters and time are written straight into its (childless) paragraphs, so
  // they are current at the moment of printing, however the print was started.
  const filtersLine = useRef<HTMLParagraphElement>(null);
  const printedLine = useRef<HTMLParagraphElement>(null);
  const stamp = () => {
    if (filtersLine.current) filtersLine.current.textContent = [summary, describeFilters(filtersLine.current)].filter(Boolean).join(' · ');
    if (printedLine.current) printedLine.current.textContent = t('export.printed', { time: formatDateTimeSeconds(new Date()) });
  };
  useLayoutEffect(stamp);
  // Ctrl+P prints too.
  useEffect(() => {
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  });

  const download = async () => {
    if (filters === null) return;
    setBusy(true);
    setError(null);
    try {
      saveFile(await exports.csv(report, filters));
    } catch (failure) {
      setError(t('export.failed', { reason: failure instanceof Error ? failure.message : String(failure) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="bl-export" role="group" aria-label={t('export.group', { title })}>
        <Button variant="secondary" onClick={() => void download()} disabled={filters === null || busy} aria-busy={busy}>
          {t('export.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            stamp();
            window.print();
          }}
        >
          {t('export.print')}
        </Button>
      </div>
      {error ? (
        <p className="bl-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bl-print-head" data-testid="print-head">
        <p className="bl-print-head__title">{title}</p>
        <p ref={filtersLine} />
        <p ref={printedLine} />
      </div>
    </>
  );
}
