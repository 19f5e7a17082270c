import { useEffect, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  BuildTag,
  Button,
  EmptyState,
  MESSAGES,
  Page,
  SelectField,
  Spinner,
  TextField,
  notify,
  preloadPasswordPolicy,
  useApis,
  useLoad,
  useObservable,
  user$,
} from '@backlay/shared';
import {
  SITE_ADMIN_MESSAGES,
  SITE_COLOUR_PATTERN_SOURCE,
  SITE_ID_PATTERN_SOURCE,
  SITE_LANGUAGES,
  SITE_LOGO_MAX_BYTES,
  SITE_MAINTENANCE_MESSAGE_MAX_LENGTH,
  SITE_NAME_MAX_LENGTH,
  type SiteAdminRow,
  type SiteLanguage,
  type SiteTheme,
} from '@backlay/shared/contracts';
import { loginPasswordSchema, partnershipSchema, transactionPasswordSchema, usernameSchema } from '../forms/validation';
import { useT } from '../i18n';

/** The theme's colours, in the form's order. */
const COLOURS: ReadonlyArray<keyof SiteTheme> = ['primary', 'accent', 'header', 'headerText'];
const DEFAULT_THEME: SiteTheme = { primary: '#1e6fd9', accent: '#f5a623', header: '#0b2a4a', headerText: '#ffffff' };
const LOGO_TYPES = ['image/svg+xml', 'image/png', 'image/webp'];

/** The text values of the site form. */
export interface SiteFormValues extends SiteTheme {
  id: string;
  name: string;
  /** Host names, comma or one per line. */
  domains: string;
  logo: string | null;
  supportEmail: string;
  supportPhone: string;
  languages: SiteLanguage[];
  defaultLanguage: SiteLanguage;
  maintenance: boolean;
  maintenanceMessage: string;
  adminUsername: string;
  adminPassword: string;
  adminPartnership: string;
  transactionPassword: string;
}

/** The domains typed, one per comma, space or line. */
export const domainsOf = (text: string): string[] => text.split(/[\s,]+/).filter((domain) => domain.length > 0);

const colourSchema = (key: string) => yup.string().required(SITE_ADMIN_MESSAGES.colourInvalid(key)).matches(new RegExp(SITE_COLOUR_PATTERN_SOURCE), SITE_ADMIN_MESSAGES.colourInvalid(key));

/**
 * The schema of the form: a new site (the Super Admin: id, domains and the Admin's account too)
 * or an edit (domains only for the Super Admin). Each message is the API's for the same rule.
 */
export function siteFormSchema({ creating, editDomains }: { creating: boolean; editDomains: boolean }) {
  return yup.object({
    id: creating ? yup.string().trim().required(SITE_ADMIN_MESSAGES.idInvalid).matches(new RegExp(SITE_ID_PATTERN_SOURCE), SITE_ADMIN_MESSAGES.idInvalid) : yup.string(),
    name: yup.string().trim().required(SITE_ADMIN_MESSAGES.nameInvalid).min(2, SITE_ADMIN_MESSAGES.nameInvalid).max(SITE_NAME_MAX_LENGTH, SITE_ADMIN_MESSAGES.nameInvalid),
    domains: editDomains ? yup.string().test('domains', SITE_ADMIN_MESSAGES.domainsRequired, (v) => domainsOf(v ?? '').length > 0) : yup.string(),
    primary: colourSchema('primary'),
    accent: colourSchema('accent'),
    header: colourSchema('header'),
    headerText: colourSchema('headerText'),
    supportEmail: yup.string().trim().email(SITE_ADMIN_MESSAGES.supportEmailInvalid),
    supportPhone: yup.string().trim().matches(/^(\+?[0-9][0-9 -]*)?$/, SITE_ADMIN_MESSAGES.supportPhoneInvalid).max(20, SITE_ADMIN_MESSAGES.supportPhoneInvalid),
    languages: yup.array().min(1, SITE_ADMIN_MESSAGES.languagesInvalid),
    defaultLanguage: yup.string().test('offered', SITE_ADMIN_MESSAGES.languagesInvalid, function offered(v) {
      return (this.parent as SiteFormValues).languages.includes(v as SiteLanguage);
    }),
    maintenanceMessage: yup.string().max(SITE_MAINTENANCE_MESSAGE_MAX_LENGTH, SITE_ADMIN_MESSAGES.maintenanceMessageTooLong),
    adminUsername: creating ? usernameSchema : yup.string(),
    adminPassword: creating ? loginPasswordSchema(MESSAGES.passwordRequired, (values) => values.adminUsername) : yup.string(),
    adminPartnership: creating ? partnershipSchema(100) : yup.string(),
    transactionPassword: transactionPasswordSchema,
  });
}

function initialValues(site: SiteAdminRow | null): SiteFormValues {
  return {
    id: site?.id ?? '',
    name: site?.name ?? '',
    domains: site?.domains.join('\n') ?? '',
    ...(site?.theme ?? DEFAULT_THEME),
    logo: site?.logo ?? null,
    supportEmail: site?.support.email ?? '',
    supportPhone: site?.support.phone ?? '',
    languages: site?.languages ?? ['en'],
    defaultLanguage: site?.defaultLanguage ?? 'en',
    maintenance: site?.maintenance ?? false,
    maintenanceMessage: site?.maintenanceMessage ?? '',
    adminUsername: '',
    adminPassword: '',
    adminPartnership: '',
    transactionPassword: '',
  };
}

/** A labelled multi-line text field with its hint and validation message. */
function TextArea({ id, label, error, hint, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string | false; hint?: string }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bl-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={3} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <span id={`${id}-hint`} className="bl-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="bl-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** How the site's header and buttons look in the chosen colours. */
function ThemePreview({ theme, name, logo }: { theme: SiteTheme; name: string; logo: string | null }) {
  const t = useT();
  return (
    <div className="bl-site-preview" role="img" aria-label={name ? t('sites.previewOf', { name }) : t('sites.previewOfSite')} data-testid="theme-preview">
      <div className="bl-site-preview__head" style={{ background: theme.header, color: theme.headerText }}>
        {logo ? <img src={logo} alt="" className="bl-site-preview__logo" /> : null}
        <strong>{name || t('sites.siteName')}</strong>
      </div>
      <div className="bl-site-preview__body">
        <span className="bl-site-preview__chip" style={{ background: theme.primary, color: '#ffffff' }}>
          {t('sites.primary')}
        </span>
        <span className="bl-site-preview__chip" style={{ background: theme.accent, color: '#000000' }}>
          {t('sites.accent')}
        </span>
      </div>
    </div>
  );
}

/** Reads a chosen logo file as a data: URL, or says why not. */
function readLogo(file: File): Promise<string> {
  if (!LOGO_TYPES.includes(file.type)) return Promise.reject(new Error(SITE_ADMIN_MESSAGES.logoInvalid));
  if (file.size > SITE_LOGO_MAX_BYTES) return Promise.reject(new Error(SITE_ADMIN_MESSAGES.logoTooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(SITE_ADMIN_MESSAGES.logoInvalid));
    reader.readAsDataURL(file);
  });
}

/** The new-site form (site === null) or a site's edit form. */
function SiteForm({ site, superAdmin, onDone, onCancel }: { site: SiteAdminRow | null; superAdmin: boolean; onDone: () => void; onCancel: () => void }) {
  // The common-password list loads when the form opens, so a press of the submit button does not wait for it.
  useEffect(preloadPasswordPolicy, []);
  const { sites: sitesApi } = useApis();
  const creating = site === null;
  const [logoError, setLogoError] = useState<string | null>(null);
  const prefix = creating ? 'new-site' : `site-${site.id}`;
  const t = useT();
  const formik = useFormik<SiteFormValues>({
    initialValues: initialValues(site),
    validationSchema: siteFormSchema({ creating, editDomains: superAdmin }),
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      const fields = {
        name: values.name.trim(),
        theme: { primary: values.primary, accent: values.accent, header: values.header, headerText: values.headerText },
        logo: values.logo,
        support: { email: values.supportEmail.trim(), phone: values.supportPhone.trim() },
        languages: values.languages,
        defaultLanguage: values.defaultLanguage,
        maintenanceMessage: values.maintenanceMessage.trim(),
        transactionPassword: values.transactionPassword,
      };
      try {
        const res = creating
          ? await sitesApi.create({
              ...fields,
              id: values.id.trim(),
              domains: domainsOf(values.domains),
              admin: { username: values.adminUsername.trim(), password: values.adminPassword, partnership: Number(values.adminPartnership.trim()) },
            })
          : await sitesApi.update({ ...fields, id: site.id, maintenance: values.maintenance, ...(superAdmin ? { domains: domainsOf(values.domains) } : {}) });
        notify('success', res.message);
        onDone();
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });

  const text = (name: keyof SiteFormValues, label: string, extra: Partial<{ type: string; inputMode: 'decimal' | 'numeric' | 'tel' | 'email'; autoComplete: string; hint: string }> = {}) => (
    <TextField
      label={label}
      name={name}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete ?? 'off'}
      value={formik.values[name] as string}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={formik.touched[name] && (formik.errors[name] as string | undefined)}
      hint={extra.hint}
    />
  );

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setLogoError(null);
    if (!file) return;
    try {
      await formik.setFieldValue('logo', await readLogo(file));
    } catch (error) {
      setLogoError(error instanceof Error ? error.message : SITE_ADMIN_MESSAGES.logoInvalid);
    }
  };

  const toggleLanguage = (language: SiteLanguage, on: boolean) => {
    const languages = SITE_LANGUAGES.filter((l) => (l === language ? on : formik.values.languages.includes(l)));
    void formik.setFieldValue('languages', languages);
    if (!languages.includes(formik.values.defaultLanguage) && languages[0] !== undefined) void formik.setFieldValue('defaultLanguage', languages[0]);
  };

  const theme: SiteTheme = { primary: formik.values.primary, accent: formik.values.accent, header: formik.values.header, headerText: formik.values.headerText };
  return (
    <form className="bl-form bl-form--wide" onSubmit={formik.handleSubmit} noValidate aria-label={creating ? t('sites.new') : t('user.editTitle', { username: site.name })}>
      <div className="bl-form-grid">
        {creating ? text('id', t('sites.id'), { hint: t('sites.idHint') }) : null}
        {text('name', t('switch.name'))}
      </div>
      {superAdmin ? (
        <TextArea
          id={`${prefix}-domains`}
          label={t('sites.domains')}
          hint={t('sites.domainsHint')}
          {...formik.getFieldProps('domains')}
          error={formik.touched.domains && formik.errors.domains}
        />
      ) : (
        <p className="bl-hint">{t('sites.domainsFixed', { domains: site?.domains.join(', ') || t('sites.none') })}</p>
      )}
      <fieldset className="bl-fieldset">
        <legend>{t('sites.theme')}</legend>
        <div className="bl-form-grid">
          {COLOURS.map((key) => (
            <TextField key={key} label={t(`sites.colour.${key}`)} name={key} type="color" value={formik.values[key]} onChange={formik.handleChange} onBlur={formik.handleBlur} error={formik.touched[key] && formik.errors[key]} />
          ))}
        </div>
        <ThemePreview theme={theme} name={formik.values.name.trim()} logo={formik.values.logo} />
      </fieldset>
      <div className="bl-form-grid">
        <div className="bl-field">
          <label htmlFor={`${prefix}-logo`}>{t('sites.logo', { kb: SITE_LOGO_MAX_BYTES / 1024 })}</label>
          <input id={`${prefix}-logo`} type="file" accept={LOGO_TYPES.join(',')} onChange={(event) => void chooseLogo(event)} aria-describedby={logoError ? `${prefix}-logo-error` : undefined} />
          {logoError ? (
            <span id={`${prefix}-logo-error`} className="bl-field__error" role="alert">
              {logoError}
            </span>
          ) : null}
          {formik.values.logo ? (
            <Button variant="link" onClick={() => void formik.setFieldValue('logo', null)}>
              {t('sites.removeLogo')}
            </Button>
          ) : null}
        </div>
        {text('supportEmail', t('sites.supportEmail'), { type: 'email', inputMode: 'email' })}
        {text('supportPhone', t('sites.supportPhone'), { type: 'tel', inputMode: 'tel' })}
      </div>
      <fieldset className="bl-fieldset">
        <legend>{t('sites.languages')}</legend>
        {SITE_LANGUAGES.map((language) => (
          <label key={language} className="bl-switch">
            <input type="checkbox" checked={formik.values.languages.includes(language)} onChange={(event) => toggleLanguage(language, event.target.checked)} />
            {t(`sites.language.${language}`)}
          </label>
        ))}
        <SelectField
          label={t('sites.defaultLanguage')}
          name="defaultLanguage"
          value={formik.values.defaultLanguage}
          onChange={formik.handleChange}
          options={formik.values.languages.map((language) => ({ value: language, label: t(`sites.language.${language}`) }))}
        />
        {formik.errors.languages || formik.errors.defaultLanguage ? (
          <p className="bl-field__error" role="alert">
            {String(formik.errors.languages ?? formik.errors.defaultLanguage)}
          </p>
        ) : null}
      </fieldset>
      {creating ? null : (
        <label className="bl-switch">
          <input type="checkbox" {...formik.getFieldProps({ name: 'maintenance', type: 'checkbox' })} />
          {t('sites.maintenanceSwitch')}
        </label>
      )}
      <TextArea
        id={`${prefix}-maintenance-message`}
        label={t('sites.maintenanceMessage')}
        maxLength={SITE_MAINTENANCE_MESSAGE_MAX_LENGTH + 50}
        {...formik.getFieldProps('maintenanceMessage')}
        error={formik.touched.maintenanceMessage && formik.errors.maintenanceMessage}
      />
      {creating ? (
        <fieldset className="bl-fieldset">
          <legend>{t('sites.admin')}</legend>
          <p className="bl-hint">{t('sites.adminHint')}</p>
          <div className="bl-form-grid">
            {text('adminUsername', t('sites.adminUsername'))}
            {text('adminPassword', t('sites.adminPassword'), { type: 'password', autoComplete: 'new-password' })}
            {text('adminPartnership', t('sites.adminPartnership'), { inputMode: 'decimal', hint: t('sites.adminPartnershipHint') })}
          </div>
        </fieldset>
      ) : null}
      <div className="bl-form-grid">{text('transactionPassword', t('common.transactionPassword'), { type: 'password', inputMode: 'numeric' })}</div>
      {formik.status ? (
        <p className="bl-form-error" role="alert">
          {String(formik.status)}
        </p>
      ) : null}
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={formik.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={formik.isSubmitting}>
          {creating ? t('sites.create') : t('sites.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * sites (issue 35, ADR 0074): the Super Admin lists every site, creates one with its Admin and
 * edits any; an Admin sees and edits the site its account is on (not its domains).
 */
export function Sites() {
  const { sites: sitesApi } = useApis();
  const me = useObservable(user$, null);
  const { load, reload } = useLoad(() => sitesApi.list(), 'sites');
  /** The form shown: 'new', a site's id, or none. */
  const [form, setForm] = useState<string | null>(null);
  const superAdmin = me?.role === 'admin';
  const done = () => {
    setForm(null);
    reload();
  };
  const editing = form !== null && form !== 'new' && load.state === 'done' ? (load.value.find((site) => site.id === form) ?? null) : null;
  const t = useT();

  return (
    <Page
      title={t('sites.title')}
      actions={
        superAdmin && form === null ? (
          <Button onClick={() => setForm('new')}>{t('sites.new')}</Button>
        ) : null
      }
    >
      <p className="bl-hint">{superAdmin ? t('sites.hintSuper') : t('sites.hintAdmin')}</p>
      {form === 'new' ? (
        <section aria-labelledby="bl-new-site">
          <h2 id="bl-new-site" className="bl-section-title">
            {t('sites.new')}
          </h2>
          <SiteForm site={null} superAdmin onDone={done} onCancel={() => setForm(null)} />
        </section>
      ) : null}
      {editing ? (
        <section aria-labelledby="bl-edit-site">
          <h2 id="bl-edit-site" className="bl-section-title">
            {t('user.editTitle', { username: editing.name })}
          </h2>
          <SiteForm key={editing.id} site={editing} superAdmin={superAdmin} onDone={done} onCancel={() => setForm(null)} />
        </section>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('sites.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('sites.empty')}</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={t('sites.title')}>
            <thead>
              <tr>
                <th scope="col">{t('switch.name')}</th>
                <th scope="col">{t('sites.domains')}</th>
                <th scope="col">{t('results.sourceAdmin')}</th>
                <th scope="col">{t('sites.maintenance')}</th>
                <th scope="col">{t('clients.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((site) => (
                <tr key={site.id}>
                  <th scope="row" className="bl-table__wrap">
                    {site.name}
                    {site.isDefault ? <span className="bl-hint"> {t('sites.default')}</span> : null}
                  </th>
                  <td className="bl-table__wrap">{site.domains.join(', ') || '—'}</td>
                  <td>{site.admin?.username ?? '—'}</td>
                  <td>{site.maintenance ? t('switch.on') : t('switch.off')}</td>
                  <td>
                    <Button variant="secondary" className="bl-btn--small" aria-label={t('user.editTitle', { username: site.name })} disabled={form !== null} onClick={() => setForm(site.id)}>
                      {t('clients.action.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
