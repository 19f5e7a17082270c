import { useState } from 'react';
import { Button, EmptyState, Page, Pager, Spinner, useLoad, formatDateTimeSeconds, useApis } from '@backlay/shared';

const PAGE_SIZE = 25;

/**
 * /admin/sms-outbox (admin, sadmin): the demo SMS gateway's messages, newest first — what a real
 * gateway would have sent (SMS_PROVIDER=outbox), such as the one-time codes of registration.
 */
export function SmsOutbox() {
  const { registration: registrationApi } = useApis();
  const [page, setPage] = useState(1);
  const { load, reload } = useLoad(() => registrationApi.smsOutbox({ page, limit: PAGE_SIZE }), `page:${page}`);
  return (
    <Page
      title="SMS outbox"
      actions={
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      }
    >
      <p>The demo has no SMS gateway: the messages it would send land here, newest first.</p>
      {load.state === 'loading' ? <Spinner label="Loading the SMS outbox" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length === 0 ? <EmptyState>No messages yet.</EmptyState> : null}
      {load.state === 'done' && load.value.rows.length > 0 ? (
        <>
          <div className="bl-table-wrap">
            <table className="bl-table" aria-label="SMS outbox">
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Message</th>
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
          <Pager page={page} pageSize={PAGE_SIZE} total={load.value.total} onPage={setPage} label="SMS outbox pages" />
        </>
      ) : null}
    </Page>
  );
}
