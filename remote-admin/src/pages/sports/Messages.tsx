import { useMemo, useState, type TextareaHTMLAttributes } from 'react';
import { useFormik } from 'formik';
import { BuildTag, Button, Dialog, EmptyState, MESSAGES, NEWS_TEXT_MAX_LENGTH, Page, SelectField, Spinner, notify, type NewsMessage, useLoad, useObservable, user$, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { messageSchema } from './sports-forms';
import { runAction } from './sports-common';

/** A labelled multi-line text field with its validation message. */
function TextArea({ id, label, error, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string | false }) {
  return (
    <div className="bl-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={3} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest} />
      {error ? (
        <span id={`${id}-error`} className="bl-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Which players a new line is for (ADR 0074 "Content per site"): the site signed in on, or every site (the Super Admin's). */
type Audience = 'this' | 'every';
const AUDIENCES: ReadonlyArray<{ value: Audience; label: string }> = [
  { value: 'this', label: 'This site' },
  { value: 'every', label: 'Every site' },
];
interface MessageValues {
  text: string;
  active: boolean;
  audience: Audience;
}

/** The add and edit form of a news line; `chooseSite`: the Super Admin's Site select (add only). */
function MessageForm({
  idPrefix,
  initial,
  submitLabel,
  chooseSite = false,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  initial: { text: string; active: boolean };
  submitLabel: string;
  chooseSite?: boolean;
  onSubmit: (values: MessageValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const formik = useFormik<MessageValues>({
    initialValues: { ...initial, audience: 'this' },
    validationSchema: messageSchema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        await onSubmit({ text: values.text.trim(), active: values.active, audience: values.audience });
        helpers.resetForm();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  return (
    <form className="bl-form bl-form--wide" noValidate onSubmit={formik.handleSubmit}>
      <TextArea id={`${idPrefix}-text`} label="Message text" maxLength={NEWS_TEXT_MAX_LENGTH + 50} {...formik.getFieldProps('text')} error={formik.touched.text && formik.errors.text} />
      <label className="bl-switch">
        <input type="checkbox" {...formik.getFieldProps({ name: 'active', type: 'checkbox' })} />
        Show to players
      </label>
      {chooseSite ? <SelectField label="Site" options={AUDIENCES} {...formik.getFieldProps('audience')} /> : null}
      {formik.status ? (
        <p className="bl-form-error" role="alert">
          {formik.status as string}
        </p>
      ) : null}
      <div className="bl-form-actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Which site's players see a line: its site's id, or every site. */
const siteLabel = (m: Pick<NewsMessage, 'siteId'>) => m.siteId ?? 'Every site';

/** The columns the messages sort by in the browser (the list is every news line). */
const MESSAGE_COLUMNS = {
  text: { kind: 'text', value: (m) => m.text },
  active: { kind: 'number', value: (m) => (m.active ? 1 : 0) },
  site: { kind: 'text', value: (m) => siteLabel(m) },
  createdAt: { kind: 'date', value: (m) => m.createdAt },
} as const satisfies Record<string, SortColumn<NewsMessage>>;

/**
 * messages (admin and sadmin): the news lines players see at the top of the home page. Add a
 * line, edit its text, and switch it on or off. A line is for the players of the site signed in
 * on; the Super Admin may add one for every site (ADR 0074 "Content per site"). Columns sort in the browser; a search narrows by
 * the text.
 */
export function Messages() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const { load, reload } = useLoad(() => sportsAdminApi.messages(), 'messages');
  const [editing, setEditing] = useState<NewsMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof MESSAGE_COLUMNS>();
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((m) => matchesSearch(search, m.text)), [all, search]);
  const rows = useSortedRows(found, MESSAGE_COLUMNS, sort);

  const superAdmin = useObservable(user$, null)?.role === 'admin';
  const add = async (values: MessageValues) => {
    const res = await sportsAdminApi.saveMessage({ text: values.text, active: values.active, ...(values.audience === 'every' ? { siteId: null } : {}) });
    notify('success', res.message);
    reload();
  };
  const edit = async (message: NewsMessage, values: { text: string; active: boolean }) => {
    const res = await sportsAdminApi.updateMessage({ _id: message._id, text: values.text, active: values.active });
    notify('success', res.message);
    setEditing(null);
    reload();
  };
  const toggle = async (message: NewsMessage) => {
    setBusy(message._id);
    await runAction(() => sportsAdminApi.updateMessage({ _id: message._id, active: !message.active }), () => {
      setBusy(null);
      reload();
    });
  };

  return (
    <Page title="Messages">
      <section aria-labelledby="bl-add-message">
        <h2 id="bl-add-message" className="bl-section-title">
          Add a message
        </h2>
        <MessageForm idPrefix="add" initial={{ text: '', active: true }} submitLabel="Add message" chooseSite={superAdmin} onSubmit={add} />
      </section>
      {load.state === 'loading' ? <Spinner label="Loading messages" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>No messages yet.</EmptyState> : null}
      {all && all.length > 0 ? (
        <div className="bl-filters">
          <SearchBox label="Search messages" onSearch={setSearch} />
        </div>
      ) : null}
      {all && all.length > 0 && rows.length === 0 ? <EmptyState>No message matches the search.</EmptyState> : null}
      {all && rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label="Messages">
            <thead>
              <tr>
                <SortHeader label="Message" sortKey="text" sort={sort} onSort={onSort} />
                <SortHeader label="Players" sortKey="active" sort={sort} onSort={onSort} />
                <SortHeader label="Site" sortKey="site" sort={sort} onSort={onSort} />
                <SortHeader label="Added" sortKey="createdAt" sort={sort} onSort={onSort} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m._id}>
                  <th scope="row" className="bl-table__wrap">
                    {m.text}
                  </th>
                  <td>{m.active ? 'Shown' : 'Hidden'}</td>
                  <td>{siteLabel(m)}</td>
                  <td>{formatDateTimeMinutes(m.createdAt)}</td>
                  <td>
                    <div className="bl-row-actions">
                      <Button variant="secondary" className="bl-btn--small" aria-label={`Edit message: ${m.text}`} onClick={() => setEditing(m)}>
                        Edit
                      </Button>
                      <Button variant={m.active ? 'secondary' : 'primary'} className="bl-btn--small" disabled={busy === m._id} aria-label={`${m.active ? 'Deactivate' : 'Activate'} message: ${m.text}`} onClick={() => void toggle(m)}>
                        {m.active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? (
        <Dialog title="Edit message" onClose={() => setEditing(null)}>
          <MessageForm idPrefix="edit" initial={{ text: editing.text, active: editing.active }} submitLabel="Save message" onSubmit={(values) => edit(editing, values)} onCancel={() => setEditing(null)} />
        </Dialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
