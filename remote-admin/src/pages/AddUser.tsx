import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  BuildTag, Button, EmptyState, MESSAGES, Page, ROUTES, Spinner, TextField, childRoleOf, notify, useObservable, user$, useApis, type AddUserRequest, type Apis, type ClientRow, type Role, type UpdateUserRequest, useLoad, roleLabel, preloadPasswordPolicy,
} from '@backlay/shared';
import { FULL_SHARE_BPS } from '@backlay/shared/domain';
import { useT } from '../i18n';
import { confirmSchema, decimalSchema, displayNameSchema, loginPasswordSchema, partnershipSchema, phoneSchema, transactionPasswordSchema, usernameSchema } from '../forms/validation';

/** The text values of the form; numbers are sent as Number(text) once valid. */
export interface UserFormValues {
  username: string;
  displayName: string;
  phone: string;
  password: string;
  confirmPassword: string;
  partnership: string;
  creditReference: string;
  commission: string;
  exposureLimit: string;
  transactionPassword: string;
}

/** The schema of the form: create or edit, of an agent (with partnership) or a user. */
export function userFormSchema({ creating, agent, maxPartnership }: { creating: boolean; agent: boolean; maxPartnership: number | null }) {
  return yup.object({
    username: creating ? usernameSchema : yup.string(),
    displayName: displayNameSchema,
    phone: phoneSchema,
    password: creating ? loginPasswordSchema(MESSAGES.passwordRequired, (values) => values.username) : yup.string(),
    confirmPassword: creating ? confirmSchema('password') : yup.string(),
    partnership: agent ? partnershipSchema(maxPartnership) : yup.string(),
    creditReference: decimalSchema({ invalid: MESSAGES.creditReferenceInvalid, required: MESSAGES.creditReferenceInvalid, money: true }),
    commission: decimalSchema({ invalid: MESSAGES.commissionInvalid, required: MESSAGES.commissionInvalid, max: 100 }),
    exposureLimit: decimalSchema({ invalid: MESSAGES.exposureLimitInvalid, money: true }),
    transactionPassword: transactionPasswordSchema,
  });
}

/**
 * The signed-in agent's own partnership, the cap of any account it creates or edits: from
 * user-detail of itself; the root (Super Admin) always holds 100 % (docs/rules/money.md §7.9). Null when it
 * cannot be read, and then only the server checks the cap (its message shows under the form).
 */
async function ownPartnership(clients: Pick<Apis['clients'], 'userDetail'>, username: string, role: Role): Promise<number | null> {
  if (role === 'admin') return FULL_SHARE_BPS / 100;
  try {
    return (await clients.userDetail(username)).partnership;
  } catch {
    return null;
  }
}

/** add-user (create one tier below the caller) and add-user/:username (edit a downline account). */
export function AddUser() {
  const { username } = useParams();
  return <UserForm key={username ?? ''} username={username} />;
}

function UserForm({ username }: { username?: string }) {
  const me = useObservable(user$, null);
  // The signed-in user's name is what matters here, not each balance update.
  const myName = me?.username;
  const myRole = me?.role;
  const t = useT();
  if (!myName || !myRole) return <Spinner label={t('user.loading')} />;
  return <UserFormLoad key={`${myName}:${myRole}`} myName={myName} myRole={myRole} username={username} />;
}

/** The caller's partnership cap and, when editing, the account, then the form. */
function UserFormLoad({ myName, myRole, username }: { myName: string; myRole: Role; username?: string }) {
  const { clients: clientsApi } = useApis();
  const { load } = useLoad(() =>
    Promise.all([ownPartnership(clientsApi, myName, myRole), username ? clientsApi.userDetail(username) : Promise.resolve(null)]).then(([maxPartnership, account]) => ({ maxPartnership, account })),
  );

  const t = useT();
  const title = username ? t('user.editTitle', { username }) : t('user.addClient');
  if (load.state === 'loading') return <Spinner label={t('user.loading')} />;
  if (load.state === 'fail') {
    return (
      <Page title={title}>
        <EmptyState>{t('user.loadFailed', { message: load.message })}</EmptyState>
      </Page>
    );
  }
  const { maxPartnership, account } = load.value;
  const role = account ? account.role : childRoleOf(myRole);
  if (!role) {
    return (
      <Page title={title}>
        <EmptyState>{t('user.noDownline')}</EmptyState>
      </Page>
    );
  }
  return <UserFormBody maxPartnership={maxPartnership} account={account} role={role} />;
}

function initialValues(account: ClientRow | null): UserFormValues {
  return {
    username: account?.username ?? '',
    displayName: account?.displayName ?? '',
    phone: account?.phone ?? '',
    password: '',
    confirmPassword: '',
    partnership: account ? String(account.partnership) : '',
    creditReference: account ? String(account.creditReference) : '0',
    commission: account ? String(account.commission) : '0',
    exposureLimit: account?.exposureLimit === null || account?.exposureLimit === undefined ? '' : String(account.exposureLimit),
    transactionPassword: '',
  };
}

function UserFormBody({ maxPartnership, account, role }: { maxPartnership: number | null; account: ClientRow | null; role: Role }) {
  // The common-password list loads when the form opens, so a press of the submit button does not wait for it.
  useEffect(preloadPasswordPolicy, []);
  const { clients: clientsApi } = useApis();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = account === null;
  const agent = role !== 'user';
  const back = (location.state as { from?: string } | null)?.from ?? ROUTES.adminListClients.path;
  const t = useT();

  const formik = useFormik<UserFormValues>({
    initialValues: initialValues(account),
    validationSchema: userFormSchema({ creating, agent, maxPartnership }),
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      const common = {
        displayName: values.displayName.trim(),
        phone: values.phone.trim() || undefined,
        partnership: agent ? Number(values.partnership.trim()) : 0,
        creditReference: Number(values.creditReference.trim()),
        commission: Number(values.commission.trim()),
        exposureLimit: values.exposureLimit.trim() === '' ? null : Number(values.exposureLimit.trim()),
        transactionPassword: values.transactionPassword,
      };
      try {
        const res = creating
          ? await clientsApi.addUser({ ...common, username: values.username.trim(), password: values.password, role } satisfies AddUserRequest)
          : await clientsApi.updateUser({ ...common, username: account.username } satisfies UpdateUserRequest);
        notify('success', res.message);
        navigate(back);
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });

  const text = (name: keyof UserFormValues, label: string, extra: Partial<{ type: string; inputMode: 'decimal' | 'numeric' | 'tel'; autoComplete: string; hint: string }> = {}) => (
    <TextField
      label={label}
      name={name}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      autoComplete={extra.autoComplete ?? 'off'}
      value={formik.values[name]}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={formik.touched[name] && formik.errors[name]}
      hint={extra.hint}
    />
  );

  return (
    <Page title={creating ? t('clients.addRole', { role: roleLabel(role) }) : t('user.editTitle', { username: account.username })}>
      <p className="bl-hint">
        {creating ? t('user.hint.create', { role: roleLabel(role) }) : t('user.hint.edit', { username: account.username, role: account.roleLabel })}
      </p>
      <form className="bl-form bl-form--wide" onSubmit={formik.handleSubmit} noValidate>
        <div className="bl-form-grid">
          {creating ? text('username', t('clients.col.username'), { autoComplete: 'off' }) : null}
          {text('displayName', t('user.displayName'))}
          {text('phone', t('user.phone'), { type: 'tel', inputMode: 'tel' })}
          {creating ? text('password', t('user.password'), { type: 'password', autoComplete: 'new-password' }) : null}
          {creating ? text('confirmPassword', t('common.confirmPassword'), { type: 'password', autoComplete: 'new-password' }) : null}
          {agent
            ? text('partnership', t('clients.col.partnership'), {
                inputMode: 'decimal',
                hint: maxPartnership === null ? t('user.partnershipHint') : t('user.partnershipHintMax', { max: maxPartnership }),
              })
            : null}
          {text('creditReference', t('user.creditReference'), { inputMode: 'decimal' })}
          {text('commission', t('user.commission'), { inputMode: 'decimal' })}
          {text('exposureLimit', t('user.exposureLimit'), { inputMode: 'decimal' })}
          {text('transactionPassword', t('common.transactionPassword'), { type: 'password', inputMode: 'numeric' })}
        </div>
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {formik.status}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={() => navigate(back)} disabled={formik.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={formik.isSubmitting}>
            {creating ? t('user.create', { role: roleLabel(role) }) : t('common.saveChanges')}
          </Button>
        </div>
      </form>
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
