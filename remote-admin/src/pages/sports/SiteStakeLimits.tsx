import { useState } from 'react';
import { Button, MARKET_LIMIT_MAX, MESSAGES, TextField, useApis, useLoad } from '@backlay/shared';
import type { SiteStakeLimits as Limits } from '@backlay/shared/contracts';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { t as translate, useT } from '../../i18n';

/** An amount in rupees with at most two decimals, or empty (the market's own). */
const AMOUNT = /^\s*\d{1,9}(\.\d{1,2})?\s*$/;
const amountMessage = () => translate('siteLimits.invalid', { max: MARKET_LIMIT_MAX.toLocaleString('en-IN') });

const toText = (value: number | null) => (value === null ? '' : String(value));

function parse(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  if (!AMOUNT.test(text)) return 'invalid';
  const value = Number(text);
  return value > 0 && value <= MARKET_LIMIT_MAX ? value : 'invalid';
}

/**
 * The site signed in on's own stake limits for its players (ADR 0074 "Content per site"):
 * empty is the market's own; at placement the tighter of the market's and the site's applies.
 * Saved with the transaction password (save-site-limits). Shown only when the caller manages a
 * site (the read is refused otherwise).
 */
export function SiteStakeLimits() {
  const { sportsAdmin } = useApis();
  const { load, reload } = useLoad(() => sportsAdmin.siteLimits(), 'site-limits');
  if (load.state !== 'done') return null;
  return <SiteStakeLimitsForm key={`${toText(load.value.minStake)}-${toText(load.value.maxStake)}`} limits={load.value} onSaved={reload} />;
}

function SiteStakeLimitsForm({ limits, onSaved }: { limits: Limits; onSaved: () => void }) {
  const { sportsAdmin } = useApis();
  const [minText, setMinText] = useState(toText(limits.minStake));
  const [maxText, setMaxText] = useState(toText(limits.maxStake));
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});
  const [confirming, setConfirming] = useState<{ minStake: number | null; maxStake: number | null } | null>(null);
  const t = useT();
  const amount = (value: number | null) => (value === null ? t('siteLimits.marketsOwn') : `₹${value.toLocaleString('en-IN')}`);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const minStake = parse(minText);
    const maxStake = parse(maxText);
    const next: { min?: string; max?: string } = {};
    if (minStake === 'invalid') next.min = amountMessage();
    if (maxStake === 'invalid') next.max = amountMessage();
    if (minStake !== 'invalid' && maxStake !== 'invalid' && minStake !== null && maxStake !== null && minStake > maxStake) next.max = MESSAGES.stakeLimitsInvalid;
    setErrors(next);
    if (next.min === undefined && next.max === undefined && minStake !== 'invalid' && maxStake !== 'invalid') setConfirming({ minStake, maxStake });
  };

  return (
    <section aria-labelledby="bl-site-limits">
      <h2 id="bl-site-limits" className="bl-section-title">
        {t('siteLimits.title')}
      </h2>
      <p className="bl-hint">{t('siteLimits.hint')}</p>
      <form className="bl-form" onSubmit={submit} noValidate>
        <TextField label={t('siteLimits.min')} name="siteMinStake" inputMode="decimal" value={minText} onChange={(e) => setMinText(e.target.value)} error={errors.min} />
        <TextField label={t('siteLimits.max')} name="siteMaxStake" inputMode="decimal" value={maxText} onChange={(e) => setMaxText(e.target.value)} error={errors.max} />
        <div className="bl-form-actions">
          <Button type="submit" disabled={confirming !== null}>
            {t('siteLimits.save')}
          </Button>
        </div>
      </form>
      {confirming ? (
        <TransactionPasswordDialog
          title={t('siteLimits.title')}
          action={t('common.save')}
          onConfirm={(transactionPassword) => sportsAdmin.saveSiteLimits({ siteId: limits.siteId, ...confirming, transactionPassword })}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            onSaved();
          }}
        >
          <p className="bl-hint">
            {t('siteLimits.confirm', { min: amount(confirming.minStake), max: amount(confirming.maxStake) })}
          </p>
        </TransactionPasswordDialog>
      ) : null}
    </section>
  );
}
