// By the package's name (the singleton's kit): bundled by the screens that import `@backlay/shared/reports`.
import { Button, useSharedT } from '@backlay/shared';

/** The number of pages a list of `total` rows fills, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Previous / Next with "Page x of y" under a paged list. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label?: string }) {
  const t = useSharedT();
  const pages = pageCount(total, pageSize);
  return (
    <nav className="bl-pager" aria-label={label ?? t('pager.label')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="bl-pager__info" aria-live="polite">
        {t('pager.info', { page: Math.min(page, pages), pages })}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
