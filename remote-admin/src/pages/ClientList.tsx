import { useEffect, useMemo, useState } from 'react';
import moment from 'moment';
import { BuildTag, EmptyState, Page, Spinner, TextField, formatRupees, on, usersApi, type DownlineRow } from '@backlay/shared';

type Load = { state: 'loading' } | { state: 'done'; rows: DownlineRow[] } | { state: 'fail'; message: string };

/**
 * The agent's direct downline (admin index and list-clients): balance, exposure, status, with a
 * search box and totals. It reloads when the agent's own wallet moves (a bus notification from
 * the shell's user socket), since a chip movement changes a child's balance too.
 */
export function ClientList() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    let live = true;
    usersApi.downline().then(
      (rows) => live && setLoad({ state: 'done', rows }),
      (error: Error) => live && setLoad({ state: 'fail', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [version]);

  const rows = useMemo(() => {
    if (load.state !== 'done') return [];
    const q = query.trim().toLowerCase();
    return q ? load.rows.filter((r) => r.username.toLowerCase().includes(q)) : load.rows;
  }, [load, query]);
  const totals = rows.reduce((t, r) => ({ balance: t.balance + r.balance, exposer: t.exposer + r.exposer }), { balance: 0, exposer: 0 });

  return (
    <Page title="Clients">
      <TextField label="Search clients" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {load.state === 'loading' ? <Spinner label="Loading clients" /> : null}
      {load.state === 'fail' ? <EmptyState>Clients could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' && rows.length === 0 ? <EmptyState>No clients found.</EmptyState> : null}
      {rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Clients">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col" className="num">Balance</th>
                <th scope="col" className="num">Exposure</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r._id}>
                  <td>{r.username}</td>
                  <td>{r.roleLabel}</td>
                  <td className="num">{formatRupees(r.balance)}</td>
                  <td className="num">{formatRupees(r.exposer)}</td>
                  <td>
                    <span className={`bl-badge${r.status === 'active' ? '' : ' bl-badge--locked'}`}>{r.status}</span>
                  </td>
                  <td>{moment(r.createdAt).format('DD/MM/YYYY')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className="num">{formatRupees(totals.balance)}</td>
                <td className="num">{formatRupees(totals.exposer)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
