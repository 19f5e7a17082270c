import { useLocation, useNavigate, useParams } from 'react-router';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  BuildTag,
  Button,
  EmptyState,
  MESSAGES,
  Page,
  ROLE_LABELS,
  ROUTES,
  Spinner,
  TextField,
  childRoleOf,
  notify,
  useObservable,
  user$,
  useApis,
  type AddUserRequest,
  type Apis,
  type ClientRow,
  type Role,
  type UpdateUserRequest,
  useLoad,
} from '@backlay/shared';
import { FULL_SHARE_BPS } from '@backlay/shared/domain';
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
  if (!myName || !myRole) return <Spinner label="Loading account" />;
  return <UserFormLoad key={`${myName}:${myRole}`} myName={myName} myRole={myRole} username={username} />;
}

/** The caller's partnership cap and, when editing, the account, then the form. */
function UserFormLoad({ myName, myRole, username }: { myName: string; myRole: Role; username?: string }) {
  const { clients: clientsApi } = useApis();
  const { load } = useLoad(() =>
    Promise.all([ownPartnership(clientsApi, myName, myRole), username ? clientsApi.userDetail(username) : Promise.resolve(null)]).then(([maxPartnership, account]) => ({ maxPartnership, account })),
  );

  const title = username ? `Edit ${username}` : 'Add client';
  if (load.state === 'loading') return <Spinner label="Loading account" />;
  if (load.state === 'fail') {
    return (
      <Page title={title}>
        <EmptyState>The account could not be loaded: {load.message}</EmptyState>
      </Page>
    );
  }
  const { maxPartnership, account } = load.value;
  const role = account ? account.role : childRoleOf(myRole);
  if (!role) {
    return (
      <Page title={title}>
        <EmptyState>Your role has no downline to add.</EmptyState>
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
  const { clients: clientsApi } = useApis();
  const navigate = useNavigate();
  const location = useLocation();
  const creating = account === null;
  const agent = role !== 'user';
  const back = (location.state as { from?: string } | null)?.from ?? ROUTES.adminListClients.path;

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
    <Page title={creating ? `Add ${ROLE_LABELS[role]}` : `Edit ${account.username}`}>
      <p className="bl-hint">
        {creating
          ? `The new ${ROLE_LABELS[role]} signs in with this password once, then must choose a new one and set a transaction password.`
          : `${account.username} (${account.roleLabel}). The username and role cannot change.`}
      </p>
      <form className="bl-form bl-form--wide" onSubmit={formik.handleSubmit} noValidate>
        <div className="bl-form-grid">
          {creating ? text('username', 'Username', { autoComplete: 'off' }) : null}
          {text('displayName', 'Display name')}
          {text('phone', 'Phone (optional)', { type: 'tel', inputMode: 'tel' })}
          {creating ? text('password', 'Password', { type: 'password', autoComplete: 'new-password' }) : null}
          {creating ? text('confirmPassword', 'Confirm password', { type: 'password', autoComplete: 'new-password' }) : null}
          {agent
            ? text('partnership', 'Partnership %', {
                inputMode: 'decimal',
                hint: `The share of the P/L of this account's downline taken by this account and every agent below it, together. It can be at most your own partnership${maxPartnership === null ? '' : ` (${maxPartnership}%)`}, and not less than that of any agent below it.`,
              })
            : null}
          {text('creditReference', 'Credit reference', { inputMode: 'decimal' })}
          {text('commission', 'Commission %', { inputMode: 'decimal' })}
          {text('exposureLimit', 'Exposure limit (optional)', { inputMode: 'decimal' })}
          {text('transactionPassword', 'Transaction password', { type: 'password', inputMode: 'numeric' })}
        </div>
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {formik.status}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={() => navigate(back)} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={formik.isSubmitting}>
            {creating ? `Create ${ROLE_LABELS[role]}` : 'Save changes'}
          </Button>
        </div>
      </form>
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
