import { useState, type FormEvent } from 'react';
import {
  Button,
  EmptyState,
  LOGIN_ATTEMPT_REASON_LABELS,
  loginAttemptOutcome,
  type LoginAttemptOutcome,
  Spinner,
  TextField,
  useLoad,
  useApis,
  type LoginHistoryRow,
  formatDateTimeSeconds,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';

/** The time of an attempt as the other reports show times. */
export function formatAttemptTime(iso: string): string {
  return formatDateTimeSeconds(iso);
}

const OUTCOME_WORDS: Readonly<Record<LoginAttemptOutcome, string>> = { success: 'Success', step: 'First step', failed: 'Failed' };

/** Login attempts as a table; `showUser` adds the username column (an agent's downline). */
export function LoginHistoryTable({ rows, label, showUser = false }: { rows: readonly LoginHistoryRow[]; label: string; showUser?: boolean }) {
  return (
    <TableScroll label={`${label} table`}>
      <table className="bl-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {showUser ? <th scope="col">Username</th> : null}
            <th scope="col">Result</th>
            <th scope="col">IP address</th>
            <th scope="col">Location</th>
            <th scope="col">Device</th>
            <th scope="col">Area</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatAttemptTime(row.at)}</td>
              {showUser ? <td>{row.username}</td> : null}
              <td className={`bl-security__${loginAttemptOutcome(row)}`}>
                {OUTCOME_WORDS[loginAttemptOutcome(row)]}: {LOGIN_ATTEMPT_REASON_LABELS[row.reason] ?? row.reason}
              </td>
              <td>{row.ip ?? '—'}</td>
              <td>{row.location}</td>
              <td>{row.device}</td>
              <td>{row.area === 'admin' ? 'Agent' : 'Player'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PageButtons({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="bl-pager" aria-label="Login history pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </Button>
      <span className="bl-pager__info">Page {page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Older
      </Button>
    </nav>
  );
}

/** The signed-in user's own login history. */
export function OwnLoginHistory() {
  const { security: securityApi } = useApis();
  const [page, setPage] = useState(1);
  const { load } = useLoad(() => securityApi.history({ page }), String(page));
  return (
    <section className="bl-security__section" aria-labelledby="login-history-title">
      <h2 id="login-history-title">Login history</h2>
      {load.state === 'loading' ? <Spinner label="Loading login history" /> : null}
      {load.state === 'fail' ? <EmptyState>Login history could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>No login attempts yet.</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <LoginHistoryTable rows={load.value.rows} label="Your login history" />
          <PageButtons page={page} hasMore={load.value.hasMore} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

/** An agent's view of its downline's logins, optionally of one username. */
export function DownlineLoginHistory() {
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
      <h2 id="downline-history-title">Downline login history</h2>
      <form className="bl-security__filter" onSubmit={search} role="search" aria-label="Filter downline logins">
        <TextField label="Username" name="username" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {load.state === 'loading' ? <Spinner label="Loading downline logins" /> : null}
      {load.state === 'fail' ? <EmptyState>Downline logins could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>No login attempts in your downline.</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <LoginHistoryTable rows={load.value.rows} label="Downline login history" showUser />
          <PageButtons page={query.page} hasMore={load.value.hasMore} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
        </>
      ) : null}
    </section>
  );
}
