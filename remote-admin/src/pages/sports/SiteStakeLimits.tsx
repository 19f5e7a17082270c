import { useState } from 'react';
import { Button, MARKET_LIMIT_MAX, MESSAGES, TextField, useApis, useLoad } from '@backlay/shared';
import type { SiteStakeLimits as Limits } from '@backlay/shared/contracts';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';

/** An amount in rupees with at most two decimals, or empty (the market's own). */
const AMOUNT = /^\s*\d{1,9}(\.\d{1,2})?\s*$/;
const AMOUNT_MESSAGE = `Enter rupees above 0 with at most two decimals, up to ${MARKET_LIMIT_MAX.toLocaleString('en-IN')}, or leave it empty`;

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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const minStake = parse(minText);
    const maxStake = parse(maxText);
    const next: { min?: string; max?: string } = {};
    if (minStake === 'invalid') next.min = AMOUNT_MESSAGE;
    if (maxStake === 'invalid') next.max = AMOUNT_MESSAGE;
    if (minStake !== 'invalid' && maxStake !== 'invalid' && minStake !== null && maxStake !== null && minStake > maxStake) next.max = MESSAGES.stakeLimitsInvalid;
    setErrors(next);
    if (next.min === undefined && next.max === undefined && minStake !== 'invalid' && maxStake !== 'invalid') setConfirming({ minStake, maxStake });
  };

  return (
    <section aria-labelledby="bl-site-limits">
      <h2 id="bl-site-limits" className="bl-section-title">
        Stake limits on this site
      </h2>
      <p className="bl-hint">This site&apos;s players may stake no less and no more than these; empty keeps each market&apos;s own. The tighter of the market&apos;s and the site&apos;s applies.</p>
      <form className="bl-form" onSubmit={submit} noValidate>
        <TextField label="Minimum stake on this site" name="siteMinStake" inputMode="decimal" value={minText} onChange={(e) => setMinText(e.target.value)} error={errors.min} />
        <TextField label="Maximum stake on this site" name="siteMaxStake" inputMode="decimal" value={maxText} onChange={(e) => setMaxText(e.target.value)} error={errors.max} />
        <div className="bl-form-actions">
          <Button type="submit" disabled={confirming !== null}>
            Save site limits
          </Button>
        </div>
      </form>
      {confirming ? (
        <TransactionPasswordDialog
          title="Stake limits on this site"
          action="Save"
          onConfirm={(transactionPassword) => sportsAdmin.saveSiteLimits({ siteId: limits.siteId, ...confirming, transactionPassword })}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            onSaved();
          }}
        >
          <p className="bl-hint">
            Minimum {confirming.minStake === null ? "each market's own" : `₹${confirming.minStake.toLocaleString('en-IN')}`}, maximum{' '}
            {confirming.maxStake === null ? "each market's own" : `₹${confirming.maxStake.toLocaleString('en-IN')}`}. Other sites keep theirs.
          </p>
        </TransactionPasswordDialog>
      ) : null}
    </section>
  );
}
