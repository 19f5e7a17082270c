import { useState, type FormEvent } from 'react';
import {
  Button, EmptyState, loginAttemptOutcome, type LoginAttemptOutcome, Spinner, TextField, useLoad, useApis, type LoginHistoryRow, formatDateTimeSeconds, loginAttemptReasonLabel,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT, type PagesKey } from '../../i18n/pages';

/** The time of an attempt as the other reports show times. */
export function formatAttemptTime(iso: string): string {
  return formatDateTimeSeconds(iso);
}

/** The catalog's word for each outcome. */
const OUTCOME_KEYS: Readonly<Record<LoginAttemptOutcome, PagesKey>> = { success: 'loginHistory.success', step: 'loginHistory.step', failed: 'loginHistory.failed' };

/** Login attempts as a table; `showUser` adds the username column (an agent's downline). */
export function LoginHistoryTable({ rows, label, showUser = false }: { rows: readonly LoginHistoryRow[]; label: string; showUser?: boolean }) {
  const t = useT();
  return (
    <TableScroll label={t('loginHistory.tableOf', { label })}>
      <table className="bl-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('loginHistory.time')}</th>
            {showUser ? <th scope="col">{t('field.username')}</th> : null}
            <th scope="col">{t('loginHistory.result')}</th>
            <th scope="col">{t('loginHistory.ip')}</th>
            <th scope="col">{t('loginHistory.location')}</th>
            <th scope="col">{t('loginHistory.device')}</th>
            <th scope="col">{t('loginHistory.area')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatAttemptTime(row.at)}</td>
              {showUser ? <td>{row.username}</td> : null}
              <td className={`bl-security__${loginAttemptOutcome(row)}`}>
                {t(OUTCOME_KEYS[loginAttemptOutcome(row)])}: {loginAttemptReasonLabel(row.reason)}
              </td>
              <td>{row.ip ?? '—'}</td>
              <td>{row.location}</td>
              <td>{row.device}</td>
              <td>{row.area === 'admin' ? t('loginHistory.agent') : t('loginHistory.player')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PageButtons({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const t = useT();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="bl-pager" aria-label={t('loginHistory.pages')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('loginHistory.newer')}
      </Button>
      <span className="bl-pager__info">{t('loginHistory.page', { page })}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('loginHistory.older')}
      </Button>
    </nav>
  );
}

/** The signed-in user's own login history. */
export function OwnLoginHistory() {
  const t = useT();
  const { security: securityApi } = useApis();
  const [page, setPage] = useState(1);
  const { load } = useLoad(() => securityApi.history({ page }), String(page));
  return (
    <section className="bl-security__section" aria-labelledby="login-history-title">
      <h2 id="login-history-title">{t('loginHistory.title')}</h2>
      {load.state === 'loading' ? <Spinner label={t('loginHistory.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('loginHistory.loadFailed', { message: localizeApiMessage(load.message) })}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>{t('loginHistory.empty')}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <LoginHistoryTable rows={load.value.rows} label={t('loginHistory.yours')} />
          <PageButtons page={page} hasMore={load.value.hasMore} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

/** An agent's view of its downline's logins, optionally of one username. */
export function DownlineLoginHistory() {
  const t = useT();
  const { security: securityApi } = useApis();
  const [query, setQuery] = useState({ page: 1, username: '' });
  const [draft, setDraft] = useState('');
  const { load } = useLoad(
    () => securityApi.downlineHistory({ page: query.page, ...(query.username ? { username: query.username } : {}) }),
    `${query.page}:${query.username}`,
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ page: 1, username: draft.trim() });
  };
  return (
    <section className="bl-security__section" aria-labelledby="downline-history-title">
      <h2 id="downline-history-title">{t('loginHistory.downlineTitle')}</h2>
      <form className="bl-security__filter" onSubmit={search} role="search" aria-label={t('loginHistory.filter')}>
        <TextField label={t('field.username')} name="username" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          {t('show')}
        </Button>
      </form>
      {load.state === 'loading' ? <Spinner label={t('loginHistory.downlineLoading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('loginHistory.downlineFailed', { message: localizeApiMessage(load.message) })}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>{t('loginHistory.downlineEmpty')}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <LoginHistoryTable rows={load.value.rows} label={t('loginHistory.downlineTitle')} showUser />
          <PageButtons page={query.page} hasMore={load.value.hasMore} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
        </>
      ) : null}
    </section>
  );
}
