import { useState, type FormEvent } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Button, Dialog, EmptyState, formatRupees, notify, notifyFailure, Page, publish, RG_LIMIT_RUPEES_MAX, RG_REALITY_CHECK_MINUTES_MAX, RG_REALITY_CHECK_MINUTES_MIN, SelectField, Spinner, TextField, useLoad, useApis, type DownlineRgRow, type ResponsibleGamblingView, type RgLimitView, formatDateTimeMinutes, rgLimitLabel,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { t, useT, type PagesKey } from '../i18n/pages';
import { Rich } from '../i18n/Rich';

/** "₹1,000.00" or "None". */
const amountText = (amount: number | null) => (amount === null ? t('rg.none') : `₹${formatRupees(amount)}`);

/**
 * What the limit is now and what waits, in words ("Current: ₹500.00. Removal pending: takes effect
 * …"); `current` false leaves out the "Current:" (the agents' table).
 */
export function limitStatus(limit: RgLimitView, current = true): string {
  const now = current ? t('rg.limit.current', { amount: amountText(limit.amount) }) : amountText(limit.amount);
  if (limit.pending === null) return now;
  const at = formatDateTimeMinutes(limit.pending.effectiveAt);
  return limit.pending.amount === null
    ? t('rg.limit.removalPending', { now, at })
    : t('rg.limit.increasePending', { now, amount: `₹${formatRupees(limit.pending.amount)}`, at });
}

/** The amount of a limit; built when a form renders, so its messages are in the page's language. */
const limitSchema = () =>
  yup.object({
    amount: yup
      .number()
      .typeError(t('rg.limit.wholeRupees'))
      .required(t('rg.limit.required'))
      .integer(t('rg.limit.wholeRupees'))
      .min(1, t('rg.limit.min'))
      .max(RG_LIMIT_RUPEES_MAX, t('rg.limit.max', { max: `₹${formatRupees(RG_LIMIT_RUPEES_MAX)}` })),
  });

/** One limit: its state, a labelled amount, Save, and Remove (a removal waits 24 hours like an increase). */
function LimitRow({ limit, onSaved }: { limit: RgLimitView; onSaved: (view: ResponsibleGamblingView) => void }) {
  const t = useT();
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const label = `${rgLimitLabel(limit.type)} (₹)`;
  const save = async (amount: number | null) => {
    const res = await responsibleGamblingApi.setLimit({ type: limit.type, amount });
    notify('success', res.message);
    onSaved(res.data);
  };
  const formik = useFormik({
    initialValues: { amount: '' },
    validationSchema: limitSchema(),
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
    <form className="bl-rg__limit" onSubmit={formik.handleSubmit} noValidate aria-label={rgLimitLabel(limit.type)}>
      <p id={statusId} className={`bl-rg__status${limit.pending ? ' bl-rg__pending' : ''}`} data-testid={statusId}>
        <strong>{rgLimitLabel(limit.type)}</strong> — {limitStatus(limit)}
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
        {t('rg.save')}
      </Button>
      {limit.amount !== null && limit.pending?.amount !== null ? (
        <Button variant="secondary" disabled={formik.isSubmitting} onClick={() => void save(null).catch(notifyFailure)}>
          {t('rg.limit.remove')}
        </Button>
      ) : null}
    </form>
  );
}

const realityCheckSchema = () =>
  yup.object({
    minutes: yup
      .number()
      .typeError(t('rg.reality.wholeMinutes'))
      .required(t('rg.reality.required'))
      .integer(t('rg.reality.wholeMinutes'))
      .min(RG_REALITY_CHECK_MINUTES_MIN, t('rg.reality.min', { minutes: RG_REALITY_CHECK_MINUTES_MIN }))
      .max(RG_REALITY_CHECK_MINUTES_MAX, t('rg.reality.max', { minutes: RG_REALITY_CHECK_MINUTES_MAX })),
  });

function RealityCheckForm({ minutes, onSaved }: { minutes: number | null; onSaved: (view: ResponsibleGamblingView) => void }) {
  const t = useT();
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
    validationSchema: realityCheckSchema(),
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
      <h2 id="rg-reality-title">{t('rg.reality.title')}</h2>
      <p>{t('rg.reality.intro')}</p>
      <form className="bl-rg__limit" onSubmit={formik.handleSubmit} noValidate aria-label={t('rg.reality.title')}>
        <p className="bl-rg__status">{t('rg.limit.current', { amount: minutes === null ? t('rg.off') : t('rg.reality.every', { minutes }) })}</p>
        <TextField
          label={t('rg.reality.label')}
          name="minutes"
          inputMode="numeric"
          value={formik.values.minutes}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={formik.touched.minutes && formik.errors.minutes}
        />
        <Button type="submit" disabled={formik.isSubmitting}>
          {t('rg.save')}
        </Button>
        {minutes !== null ? (
          <Button variant="secondary" onClick={() => void save(null).catch(notifyFailure)}>
            {t('rg.reality.turnOff')}
          </Button>
        ) : null}
      </form>
    </section>
  );
}

/** The lengths offered: a time-out's in days, a self-exclusion's in months (the catalog's `rg.days.<n>`, `rg.months.<n>`). */
const TIME_OUT_DAYS = ['1', '3', '7', '14', '28', '42'] as const;
const SELF_EXCLUSION_MONTHS = ['6', '12', '24', '36', '60'] as const;

/** A time-out or a self-exclusion: the length, then a confirmation that says it cannot be undone. */
function ExclusionForm({ kind, onSaved }: { kind: 'time_out' | 'self_exclusion'; onSaved: (view: ResponsibleGamblingView) => void }) {
  const t = useT();
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const timeOut = kind === 'time_out';
  const options = timeOut
    ? TIME_OUT_DAYS.map((value) => ({ value, label: t(`rg.days.${value}` as PagesKey) }))
    : SELF_EXCLUSION_MONTHS.map((value) => ({ value, label: t(`rg.months.${value}` as PagesKey) }));
  const [length, setLength] = useState<string>(options[0]?.value ?? '');
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = timeOut ? t('rg.timeOut.take') : t('rg.selfExclusion.take');
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
      <h2 id={`rg-${kind}-title`}>{timeOut ? t('rg.timeOut.title') : t('rg.selfExclusion.title')}</h2>
      <p>{timeOut ? t('rg.timeOut.intro') : t('rg.selfExclusion.intro')}</p>
      <form className="bl-rg__limit" onSubmit={open} aria-label={title}>
        <SelectField label={timeOut ? t('rg.timeOut.length') : t('rg.selfExclusion.length')} value={length} onChange={(e) => setLength(e.target.value)} options={options} />
        <Button type="submit" variant="secondary">
          {title}
        </Button>
      </form>
      {confirming ? (
        <Dialog title={timeOut ? t('rg.timeOut.confirmTitle') : t('rg.selfExclusion.confirmTitle')} onClose={() => setConfirming(false)} closeDisabled={busy}>
          <p>
            <Rich text={t(timeOut ? 'rg.timeOut.confirm' : 'rg.selfExclusion.confirm', { length: chosen })} tags={[(words) => <strong>{words}</strong>]} />
          </p>
          <label className="bl-security__check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} /> {t('rg.understand')}
          </label>
          <div className="bl-form-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button disabled={!understood || busy} onClick={() => void start()}>
              {timeOut ? t('rg.timeOut.start') : t('rg.selfExclusion.start')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** The player's own settings: limits, the reality check, time-out and self-exclusion. */
function PlayerSettings() {
  const t = useT();
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const { load } = useLoad(() => responsibleGamblingApi.own());
  const [fresh, setFresh] = useState<ResponsibleGamblingView | null>(null);
  if (load.state === 'loading') return <Spinner label={t('rg.loading')} />;
  if (load.state === 'fail') return <EmptyState>{t('rg.loadFailed', { message: localizeApiMessage(load.message) })}</EmptyState>;
  const view = fresh ?? load.value;
  // The layout's banner and the slips' stake buttons follow what the player saves.
  const saved = (next: ResponsibleGamblingView) => {
    setFresh(next);
    publish('rg.settingsChanged', next);
  };
  return (
    <>
      <section className="bl-security__section" aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title">{t('rg.limits.title')}</h2>
        <p>{t('rg.limits.intro')}</p>
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
  return limit === undefined ? t('rg.none') : limitStatus(limit, false);
}

/** The agents' read-only view: the downline players with any setting, optionally one username. */
function DownlineSettings() {
  const t = useT();
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
      <h2 id="rg-downline-title">{t('rg.downline.title')}</h2>
      <p>{t('rg.downline.intro')}</p>
      <form className="bl-security__filter" onSubmit={search} role="search" aria-label={t('rg.downline.filter')}>
        <TextField label={t('field.username')} name="username" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit" variant="secondary">
          {t('show')}
        </Button>
      </form>
      {load.state === 'loading' ? <Spinner label={t('rg.downline.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('rg.downline.loadFailed', { message: localizeApiMessage(load.message) })}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('rg.downline.empty')}</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? (
        <TableScroll label={t('rg.downline.table')}>
          <table className="bl-table" aria-label={t('rg.downline.limits')}>
            <thead>
              <tr>
                <th scope="col">{t('field.username')}</th>
                <th scope="col">{t('rg.downline.exclusion')}</th>
                <th scope="col">{t('rg.downline.deposit')}</th>
                <th scope="col">{t('rg.downline.loss')}</th>
                <th scope="col">{t('rg.downline.maxStake')}</th>
                <th scope="col">{t('rg.reality.title')}</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((row) => (
                <tr key={row.userId}>
                  <td>{row.username}</td>
                  <td>
                    {row.exclusion === null
                      ? t('rg.none')
                      : t(row.exclusion.kind === 'time_out' ? 'rg.downline.timeOutUntil' : 'rg.downline.selfExcludedUntil', { until: formatDateTimeMinutes(row.exclusion.endsAt) })}
                  </td>
                  <td>{(['deposit_day', 'deposit_week', 'deposit_month'] as const).map((type) => limitCell(row, type)).join(' / ')}</td>
                  <td>{(['loss_day', 'loss_week', 'loss_month'] as const).map((type) => limitCell(row, type)).join(' / ')}</td>
                  <td>{limitCell(row, 'stake')}</td>
                  <td>{row.realityCheckMinutes === null ? t('rg.off') : t('rg.reality.minutes', { minutes: row.realityCheckMinutes })}</td>
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
  const t = useT();
  return <Page title={t('rg.title')}>{area === 'player' ? <PlayerSettings /> : <DownlineSettings />}</Page>;
}
