import { useCallback, useState } from 'react';
import { Button, EmptyState, Page, SEARCH_MAX_LENGTH, Spinner, useLoad, formatDateTimeSeconds, useApis, type SmsOutboxSortKey } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { SearchBox, SortHeader, useSort } from '@backlay/shared/sortable';
import { useT } from '../i18n';

const PAGE_SIZE = 25;

/**
 * /admin/sms-outbox (admin, sadmin): the demo SMS gateway's messages, newest first — what a real
 * gateway would have sent (SMS_PROVIDER=outbox), such as the one-time codes of registration.
 * The outbox is paged, so the server sorts it by the header pressed and searches a part of a
 * phone number (ADR 0068).
 */
export function SmsOutbox() {
  const { registration: registrationApi } = useApis();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [sort, toggleSort] = useSort<SmsOutboxSortKey>();
  const { load, reload } = useLoad(
    () => registrationApi.smsOutbox({ page, limit: PAGE_SIZE, search: search || undefined, sort: sort?.key, order: sort?.order }),
    `page:${page}:${search}:${sort?.key}:${sort?.order}`,
  );
  // A new search or order starts again at page 1.
  const searchFor = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const sortBy = useCallback(
    (key: SmsOutboxSortKey) => {
      toggleSort(key);
      setPage(1);
    },
    [toggleSort],
  );
  const header = { sort, onSort: sortBy };
  const t = useT();
  return (
    <Page
      title={t('sms.title')}
      actions={
        <Button variant="secondary" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      <p>{t('sms.hint')}</p>
      <div className="bl-filters">
        <SearchBox label={t('sms.search')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      {load.state === 'loading' ? <Spinner label={t('sms.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>{search !== '' ? t('sms.noSearch') : t('messages.none')}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <div className="bl-table-wrap">
            <table className="bl-table" aria-label={t('sms.title')}>
              <thead>
                <tr>
                  <SortHeader label={t('sms.sent')} sortKey="createdAt" {...header} />
                  <SortHeader label={t('sms.phone')} sortKey="phone" {...header} />
                  <SortHeader label={t('sms.purpose')} sortKey="purpose" {...header} />
                  <th scope="col">{t('messages.message')}</th>
                </tr>
              </thead>
              <tbody>
                {load.value.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTimeSeconds(row.createdAt)}</td>
                    <td>{row.phone}</td>
                    <td>{row.purpose}</td>
                    <td>{row.body}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={load.value.total} onPage={setPage} label={t('sms.pages')} />
        </>
      ) : null}
    </Page>
  );
}
