import { DEPOSIT_MAX_RUPEES_DEFAULT, DEPOSIT_MIN_RUPEES_DEFAULT, type SettingRow } from '@backlay/shared';
import { t } from '../i18n';

/** The deposit range in whole rupees (docs/rules/product.md §10: the server enforces it; the page shows it). */
export interface DepositRange {
  minRupees: number;
  maxRupees: number;
}

const WHOLE_RUPEES = /^\d{1,9}$/;

/**
 * The range of the settings' deposit_min / deposit_max, read as the API reads them (whole rupees;
 * a missing or malformed value falls back to its default), for the 'Range: 100 - 100000' hint.
 */
export function depositRangeFromSettings(rows: ReadonlyArray<SettingRow> | null): DepositRange {
  const read = (key: string, fallback: number): number => {
    const value = rows?.find((row) => row.key === key)?.value;
    return value !== undefined && WHOLE_RUPEES.test(value) ? Number(value) : fallback;
  };
  return { minRupees: read('deposit_min', DEPOSIT_MIN_RUPEES_DEFAULT), maxRupees: read('deposit_max', DEPOSIT_MAX_RUPEES_DEFAULT) };
}

/**
 * The hint under each Pay Now button, in the page's language: the SPEC's 'Range: 100 - 100000' in
 * English (its words are the contract), Indian grouping in Hindi ('सीमा: 100 - 1,00,000', the
 * catalog's `{max, number}`).
 */
export function depositRangeHint(range: DepositRange): string {
  return t('deposit.range', { min: range.minRupees, max: range.maxRupees });
}
