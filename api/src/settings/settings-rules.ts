/**
 * Which settings exist and what values they accept. A save is checked as a whole: unknown
 * keys, bad values and a deposit range whose minimum exceeds its maximum are refused with a
 * message that names the key and the value.
 */
import type { SettingRow } from '@backlay/shared/contracts';

export type SettingKey = 'maintenance' | 'deposit_min' | 'deposit_max';

/** Every known setting and how to check one value. */
const SETTING_VALIDATORS: Readonly<Record<SettingKey, (value: string) => string | null>> = {
  maintenance: (value) => (value === 'true' || value === 'false' ? null : "must be 'true' or 'false'"),
  deposit_min: (value) => wholeRupees(value),
  deposit_max: (value) => wholeRupees(value),
};

function wholeRupees(value: string): string | null {
  if (!/^\d{1,9}$/.test(value)) return 'must be a whole number of rupees';
  return Number(value) >= 1 ? null : 'must be at least 1';
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_VALIDATORS, key);
}

/**
 * The first problem of saving `changes` over `current`, or null. Checks each key and value,
 * duplicates, and the resulting deposit range.
 */
export function checkSettingsSave(current: readonly SettingRow[], changes: readonly SettingRow[]): string | null {
  const seen = new Set<string>();
  for (const change of changes) {
    if (!isSettingKey(change.key)) return `Unknown setting "${change.key}"`;
    if (seen.has(change.key)) return `Setting "${change.key}" appears twice`;
    seen.add(change.key);
    const problem = SETTING_VALIDATORS[change.key](change.value);
    if (problem !== null) return `Setting "${change.key}" ${problem}, got "${change.value}"`;
  }
  const merged = new Map(current.map((row) => [row.key, row.value]));
  for (const change of changes) merged.set(change.key, change.value);
  const min = Number(merged.get('deposit_min'));
  const max = Number(merged.get('deposit_max'));
  if (Number.isFinite(min) && Number.isFinite(max) && min > max) {
    return `deposit_min (${min}) cannot exceed deposit_max (${max})`;
  }
  return null;
}
