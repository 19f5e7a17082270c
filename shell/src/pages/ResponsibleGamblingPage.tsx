import { useState, type FormEvent } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Button,
  Dialog,
  EmptyState,
  formatRupees,
  notify,
  notifyFailure,
  Page,
  publish,
  RG_LIMIT_LABELS,
  RG_LIMIT_RUPEES_MAX,
  RG_REALITY_CHECK_MINUTES_MAX,
  RG_REALITY_CHECK_MINUTES_MIN,
  SelectField,
  Spinner,
  TextField,
  useLoad,
  useApis,
  type DownlineRgRow,
  type ResponsibleGamblingView,
  type RgLimitView,
  formatDateTimeMinutes,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';

/** "₹1,000.00" or "None". */
const amountText = (amount: number | null) => (amount === null ? 'None' : `₹${formatRupees(amount)}`);

/** What the limit is now and what waits, in words. */
export function limitStatus(limit: RgLimitView): string {
  const now = `Current: ${amountText(limit.amount)}`;
  if (limit.pending === null) return now;
  const change = limit.pending.amount === null ? 'Removal' : `Increase to ₹${formatRupees(limit.pending.amount)}`;
  return `${now}. ${change} pending: takes effect ${formatDateTimeMinutes(limit.pending.effectiveAt)}`;
}

const limitSchema = yup.object({
  amount: yup
    .number()
    .typeError('Enter a whole number of rupees')
    .required('Enter an amount, or use Remove limit')
    .integer('Enter a whole number of rupees')
    .min(1, 'A limit is at least ₹1')
    .max(RG_LIMIT_RUPEES_MAX, `A limit is at most ₹${formatRupees(RG_LIMIT_RUPEES_MAX)}`),
});

/** One limit: its state, a labelled amount, Save, and Remove (a removal waits 24 hours like an increase). */
function LimitRow({ limit, onSaved }: { limit: RgLimitView; onSaved: (view: ResponsibleGamblingView) => void }) {
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const label = `${RG_LIMIT_LABELS[limit.type]} (₹)`;
  const save = async (amount: number | null) => {
    const res = await responsibleGamblingApi.setLimit({ type: limit.type, amount });
    notify('success', res.message);
    onSaved(res.data);
  };
  const formik = useFormik({
    initialValues: { amount: '' },
    validationSchema: limitSchema,
    onSubmit: async (values, helpers) => {
      try {
        await save(Number(values.amount));
        helpers.resetForm();
      } catch (error) {
        notifyFailure(error);
      }
    },
  });
  const statusId = `rg-${limit.type}-status`;
  return (
    <form className="bl-rg__limit" onSubmit={formik.handleSubmit} noValidate aria-label={RG_LIMIT_LABELS[limit.type]}>
      <p id={statusId} className={`bl-rg__status${limit.pending ? ' bl-rg__pending' : ''}`} data-testid={statusId}>
        <strong>{RG_LIMIT_LABELS[limit.type]}</strong> — {limitStatus(limit)}
      </p>
      <TextField
        label={label}
        name="amount"
        inputMode="numeric"
        value={formik.values.amount}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={formik.touched.amount && formik.errors.amount}
        aria-describedby={statusId}
      />
      <Button type="submit" disabled={formik.isSubmitting}>
        Save
      </Button>
      {limit.amount !== null && limit.pending?.amount !== null ? (
        <Button variant="secondary" disabled={formik.isSubmitting} onClick={() => void save(null).catch(notifyFailure)}>
          Remove limit
        </Button>
      ) : null}
    </form>
  );
}

const realityCheckSchema = yup.object({
  minutes: yup
    .number()
    .typeError('Enter a whole number of minutes')
    .required('Enter minutes, or use Turn off')
    .integer('Enter a whole number of minutes')
    .min(RG_REALITY_CHECK_MINUTES_MIN, `At least ${RG_REALITY_CHECK_MINUTES_MIN} minutes`)
    .max(RG_REALITY_CHECK_MINUTES_MAX, `At most ${RG_REALITY_CHECK_MINUTES_MAX} minutes`),
});

function RealityCheckForm({ minutes, onSaved }: { minutes: number | null; onSaved: (view: ResponsibleGamblingView) => void }) {
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const save = async (value: number | null) => {
    const res = await responsibleGamblingApi.setRealityCheck({ minutes: value });
    notify('success', res.message);
    publish('rg.realityCheckChanged', { minutes: value });
    onSaved(res.data);
  };
  const formik = useFormik({
    initialValues: { minutes: minutes === null ? '' : String(minutes) },
    enableReinitialize: true,
    validationSchema: realityCheckSchema,
    onSubmit: async (values) => {
      try {
        await save(Number(values.minutes));
      } catch (error) {
        notifyFailure(error);
      }
    },
  });
  return (
    <section className="bl-security__section" aria-labelledby="rg-reality-title">
      <h2 id="rg-reality-title">Reality check</h2>
      <p>A reminder every N minutes of play shows how long you have been signed in and your net result.</p>
      <form className="bl-rg__limit" onSubmit={formik.handleSubmit} noValidate aria-label="Reality check">
        <p className="bl-rg__status">Current: {minutes === null ? 'Off' : `every ${minutes} minutes`}</p>
        <TextField
          label="Remind me every (minutes)"
          name="minutes"
          inputMode="numeric"
          value={formik.values.minutes}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={formik.touched.minutes && formik.errors.minutes}
        />
        <Button type="submit" disabled={formik.isSubmitting}>
          Save
        </Button>
        {minutes !== null ? (
          <Button variant="secondary" onClick={() => void save(null).catch(notifyFailure)}>
            Turn off
          </Button>
        ) : null}
      </form>
    </section>
  );
}

const TIME_OUT_OPTIONS = [
  { value: '1', label: '24 hours' },
  { value: '3', label: '3 days' },
  { value: '7', label: '1 week' },
  { value: '14', label: '2 weeks' },
  { value: '28', label: '4 weeks' },
  { value: '42', label: '6 weeks' },
];
const SELF_EXCLUSION_OPTIONS = [
  { value: '6', label: '6 months' },
  { value: '12', label: '1 year' },
  { value: '24', label: '2 years' },
  { value: '36', label: '3 years' },
  { value: '60', label: '5 years' },
];

/** A time-out or a self-exclusion: the length, then a confirmation that says it cannot be undone. */
function ExclusionForm({ kind, onSaved }: { kind: 'time_out' | 'self_exclusion'; onSaved: (view: ResponsibleGamblingView) => void }) {
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const timeOut = kind === 'time_out';
  const options = timeOut ? TIME_OUT_OPTIONS : SELF_EXCLUSION_OPTIONS;
  const [length, setLength] = useState(options[0]?.value ?? '');
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = timeOut ? 'Take a time-out' : 'Self-exclude';
  const chosen = options.find((o) => o.value === length)?.label ?? '';
  const start = async () => {
    setBusy(true);
    try {
      const res = timeOut
        ? await responsibleGamblingApi.timeOut({ days: Number(length), confirm: true })
        : await responsibleGamblingApi.selfExclude({ months: Number(length), confirm: true });
      notify('success', res.message);
      setConfirming(false);
      onSaved(res.data);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const open = (event: FormEvent) => {
    event.preventDefault();
    setUnderstood(false);
    setConfirming(true);
  };
  return (
    <section className="bl-security__section" aria-labelledby={`rg-${kind}-title`}>
      <h2 id={`rg-${kind}-title`}>{timeOut ? 'Time-out' : 'Self-exclusion'}</h2>
      <p>
        {timeOut
          ? 'A break from 24 hours to 6 weeks. '
          : 'A long break from 6 months to 5 years. '}
        Until it ends you cannot bet, play the casino or deposit. You can still sign in, withdraw and read your statements. Nobody can
        end it early, you and your agent included.
      </p>
      <form className="bl-rg__limit" onSubmit={open} aria-label={title}>
        <SelectField label={timeOut ? 'Time-out length' : 'Self-exclusion length'} value={length} onChange={(e) => setLength(e.target.value)} options={options} />
        <Button type="submit" variant="secondary">
          {title}
        </Button>
      </form>
      {confirming ? (
        <Dialog title={timeOut ? 'Confirm time-out' : 'Confirm self-exclusion'} onClose={() => setConfirming(false)} closeDisabled={busy}>
          <p>
            {timeOut ? 'Time-out' : 'Self-exclusion'} for <strong>{chosen}</strong>, starting now. It cannot be undone or shortened.
          </p>
          <label className="bl-security__check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> I understand this cannot be undone
          </label>
          <div className="bl-form-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button disabled={!understood || busy} onClick={() => void start()}>
              {timeOut ? 'Start time-out' : 'Start self-exclusion'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** The player's own settings: limits, the reality check, time-out and self-exclusion. */
function PlayerSettings() {
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const { load } = useLoad(() => responsibleGamblingApi.own());
  const [fresh, setFresh] = useState<ResponsibleGamblingView | null>(null);
  if (load.state === 'loading') return <Spinner label="Loading your limits" />;
  if (load.state === 'fail') return <EmptyState>Your limits could not be loaded: {load.message}</EmptyState>;
  const view = fresh ?? load.value;
  // The layout's banner and the slips' stake buttons follow what the player saves.
  const saved = (next: ResponsibleGamblingView) => {
    setFresh(next);
    publish('rg.settingsChanged', next);
  };
  return (
    <>
      <section className="bl-security__section" aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title">Limits</h2>
        <p>
          A lower limit applies at once. A higher limit, or removing one, applies only after 24 hours. Periods are rolling: a day is
          the last 24 hours, a week 7 days, a month 30 days. Deposits count your deposit requests and the chips your agent deposits;
          losses count your net result of settled bets plus what your open bets can still lose.
        </p>
        {view.limits.map((limit) => (
          <LimitRow key={limit.type} limit={limit} onSaved={saved} />
        ))}
      </section>
      <RealityCheckForm minutes={view.realityCheckMinutes} onSaved={saved} />
      <ExclusionForm kind="time_out" onSaved={saved} />
      <ExclusionForm kind="self_exclusion" onSaved={saved} />
    </>
  );
}

/** A limit cell of the agents' table: the amount and any pending change. */
function limitCell(row: DownlineRgRow, type: RgLimitView['type']): string {
  const limit = row.limits.find((l) => l.type === type);
  return limit === undefined ? 'None' : limitStatus(limit).replace('Current: ', '');
}

/** The agents' read-only view: the downline players with any setting, optionally one username. */
function DownlineSettings() {
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const [username, setUsername] = useState('');
  const [draft, setDraft] = useState('');
  const { load } = useLoad(() => responsibleGamblingApi.downline(username ? { username } : {}), username);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setUsername(draft.trim());
  };
  return (
    <section className="bl-security__section" aria-labelledby="rg-downline-title">
      <h2 id="rg-downline-title">Downline limits and exclusions</h2>
      <p>Read only: only the player sets its limits, and nobody can lift a time-out or a self-exclusion.</p>
      <form className="bl-security__filter" onSubmit={search} role="search" aria-label="Filter downline players">
        <TextField label="Username" name="username" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {load.state === 'loading' ? <Spinner label="Loading downline limits" /> : null}
      {load.state === 'fail' ? <EmptyState>Downline limits could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>No player in your downline has limits or exclusions.</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? (
        <TableScroll label="Downline limits table">
          <table className="bl-table" aria-label="Downline limits">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Exclusion</th>
                <th scope="col">Deposit (day / week / month)</th>
                <th scope="col">Loss (day / week / month)</th>
                <th scope="col">Max stake</th>
                <th scope="col">Reality check</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((row) => (
                <tr key={row.userId}>
                  <td>{row.username}</td>
                  <td>
                    {row.exclusion === null
                      ? 'None'
                      : `${row.exclusion.kind === 'time_out' ? 'Time-out' : 'Self-excluded'} until ${formatDateTimeMinutes(row.exclusion.endsAt)}`}
                  </td>
                  <td>{(['deposit_day', 'deposit_week', 'deposit_month'] as const).map((t) => limitCell(row, t)).join(' / ')}</td>
                  <td>{(['loss_day', 'loss_week', 'loss_month'] as const).map((t) => limitCell(row, t)).join(' / ')}</td>
                  <td>{limitCell(row, 'stake')}</td>
                  <td>{row.realityCheckMinutes === null ? 'Off' : `${row.realityCheckMinutes} min`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

/**
 * Responsible gambling (issue 20 step 11, ADR 0019): /settings/responsible-gambling for the
 * player's own settings; /admin/responsible-gambling for an agent's read-only view of its downline.
 */
export function ResponsibleGamblingPage({ area }: { area: 'player' | 'admin' }) {
  return <Page title="Responsible gambling">{area === 'player' ? <PlayerSettings /> : <DownlineSettings />}</Page>;
}
