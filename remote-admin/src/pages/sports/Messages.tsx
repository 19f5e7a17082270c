import { useMemo, useState, type TextareaHTMLAttributes } from 'react';
import { useFormik } from 'formik';
import { BuildTag, Button, Dialog, EmptyState, MESSAGES, NEWS_TEXT_MAX_LENGTH, Page, SelectField, Spinner, notify, type NewsMessage, useLoad, useObservable, user$, formatDateTimeMinutes, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { messageSchema } from './sports-forms';
import { runAction } from './sports-common';
import { useT } from '../../i18n';

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

/**
 * Which players a new line is for (ADR 0074 "Content per site"): the site signed in on, every site,
 * or one site by its id (the Super Admin's choices; an Admin's lines are its own site's).
 */
type Audience = 'this' | 'every' | `site:${string}`;
const fixedAudiences = (t: ReturnType<typeof useT>): ReadonlyArray<{ value: Audience; label: string }> => [
  { value: 'this', label: t('messages.thisSite') },
  { value: 'every', label: t('messages.everySite') },
];
interface MessageValues {
  text: string;
  active: boolean;
  audience: Audience;
}

/** The save request's site of an audience: none (the request's site), null (every site) or an id. */
function siteOfAudience(audience: Audience): { siteId?: string | null } {
  if (audience === 'this') return {};
  if (audience === 'every') return { siteId: null };
  return { siteId: audience.slice('site:'.length) };
}

/** The add and edit form of a news line; `sites`: the Super Admin's Site select (add only), none for an Admin. */
function MessageForm({
  idPrefix,
  initial,
  submitLabel,
  sites = null,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  initial: { text: string; active: boolean };
  submitLabel: string;
  sites?: ReadonlyArray<{ value: Audience; label: string }> | null;
  onSubmit: (values: MessageValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const t = useT();
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
      <TextArea id={`${idPrefix}-text`} label={t('messages.text')} maxLength={NEWS_TEXT_MAX_LENGTH + 50} {...formik.getFieldProps('text')} error={formik.touched.text && formik.errors.text} />
      <label className="bl-switch">
        <input type="checkbox" {...formik.getFieldProps({ name: 'active', type: 'checkbox' })} />
        {t('messages.show')}
      </label>
      {sites !== null ? <SelectField label={t('dashboard.site')} options={sites} {...formik.getFieldProps('audience')} /> : null}
      {formik.status ? (
        <p className="bl-form-error" role="alert">
          {formik.status as string}
        </p>
      ) : null}
      <div className="bl-form-actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={formik.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Which site's players see a line: every site, or its site's name (its id until the sites are known). */
const siteLabel = (m: Pick<NewsMessage, 'siteId'>, names: ReadonlyMap<string, string>, everySite: string) => (m.siteId === null ? everySite : (names.get(m.siteId) ?? m.siteId));

/** The columns the messages sort by in the browser (the list is every news line). */
const messageColumns = (names: ReadonlyMap<string, string>, everySite: string) =>
  ({
    text: { kind: 'text', value: (m) => m.text },
    active: { kind: 'number', value: (m) => (m.active ? 1 : 0) },
    site: { kind: 'text', value: (m) => siteLabel(m, names, everySite) },
    createdAt: { kind: 'date', value: (m) => m.createdAt },
  }) as const satisfies Record<string, SortColumn<NewsMessage>>;

/**
 * messages (admin and sadmin): the news lines players see at the top of the home page. Add a
 * line, edit its text, and switch it on or off. A line is for the players of the site signed in
 * on; the Super Admin may add one for every site or for any one site (ADR 0074 "Content per site").
 * Columns sort in the browser; a search narrows by the text.
 */
export function Messages() {
  const { sportsAdmin: sportsAdminApi, sites: sitesApi } = useApis();
  const superAdmin = useObservable(user$, null)?.role === 'admin';
  const { load, reload } = useLoad(() => sportsAdminApi.messages(), 'messages');
  // The Super Admin's Site select names every site; an Admin's lines are its own site's.
  const { load: sitesLoad } = useLoad(() => (superAdmin ? sitesApi.list() : Promise.resolve([])), 'sites');
  const sites = useMemo(() => (sitesLoad.state === 'done' ? sitesLoad.value : []), [sitesLoad]);
  const names = useMemo(() => new Map(sites.map((site) => [site.id, site.name])), [sites]);
  const t = useT();
  const audiences = useMemo(
    () => (superAdmin ? [...fixedAudiences(t), ...sites.map((site) => ({ value: `site:${site.id}` as Audience, label: site.name }))] : null),
    [superAdmin, sites, t],
  );
  const everySite = t('messages.everySite');
  const columns = useMemo(() => messageColumns(names, everySite), [names, everySite]);
  const [editing, setEditing] = useState<NewsMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof ReturnType<typeof messageColumns>>();
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((m) => matchesSearch(search, m.text)), [all, search]);
  const rows = useSortedRows(found, columns, sort);

  const add = async (values: MessageValues) => {
    const res = await sportsAdminApi.saveMessage({ text: values.text, active: values.active, ...siteOfAudience(values.audience) });
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
    <Page title={t('messages.title')}>
      <section aria-labelledby="bl-add-message">
        <h2 id="bl-add-message" className="bl-section-title">
          {t('messages.addTitle')}
        </h2>
        <MessageForm idPrefix="add" initial={{ text: '', active: true }} submitLabel={t('messages.add')} sites={audiences} onSubmit={add} />
      </section>
      {load.state === 'loading' ? <Spinner label={t('messages.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('messages.none')}</EmptyState> : null}
      {all && all.length > 0 ? (
        <div className="bl-filters">
          <SearchBox label={t('messages.search')} onSearch={setSearch} />
        </div>
      ) : null}
      {all && all.length > 0 && rows.length === 0 ? <EmptyState>{t('messages.noSearch')}</EmptyState> : null}
      {all && rows.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={t('messages.title')}>
            <thead>
              <tr>
                <SortHeader label={t('messages.message')} sortKey="text" sort={sort} onSort={onSort} />
                <SortHeader label={t('dashboard.players')} sortKey="active" sort={sort} onSort={onSort} />
                <SortHeader label={t('dashboard.site')} sortKey="site" sort={sort} onSort={onSort} />
                <SortHeader label={t('messages.added')} sortKey="createdAt" sort={sort} onSort={onSort} />
                <th scope="col">{t('clients.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m._id}>
                  <th scope="row" className="bl-table__wrap">
                    {m.text}
                  </th>
                  <td>{m.active ? t('switch.shown') : t('switch.hidden')}</td>
                  <td>{siteLabel(m, names, everySite)}</td>
                  <td>{formatDateTimeMinutes(m.createdAt)}</td>
                  <td>
                    <div className="bl-row-actions">
                      <Button variant="secondary" className="bl-btn--small" aria-label={t('messages.editLabel', { text: m.text })} onClick={() => setEditing(m)}>
                        {t('clients.action.edit')}
                      </Button>
                      <Button variant={m.active ? 'secondary' : 'primary'} className="bl-btn--small" disabled={busy === m._id} aria-label={m.active ? t('messages.deactivateLabel', { text: m.text }) : t('messages.activateLabel', { text: m.text })} onClick={() => void toggle(m)}>
                        {m.active ? t('switch.deactivate') : t('switch.activate')}
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
        <Dialog title={t('messages.editTitle')} onClose={() => setEditing(null)}>
          <MessageForm idPrefix="edit" initial={{ text: editing.text, active: editing.active }} submitLabel={t('messages.save')} onSubmit={(values) => edit(editing, values)} onCancel={() => setEditing(null)} />
        </Dialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
