import { SelectField, useLoad, ALL_SPORTS, useApis, sportLabel } from '@backlay/shared';
import { useT } from '../i18n';

/** The sport select's options: All, then the sports the API lists. */
export function useSportOptions(): { value: string; label: string }[] {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.sportList());
  const sports = load.state === 'done' ? load.value : [];
  return [{ value: ALL_SPORTS, label: t('filters.allSports') }, ...sports.map((s) => ({ value: String(s.sportId), label: sportLabel(s.sportId, s.name) }))];
}

/** A labelled sport select (All sports, Cricket, …). */
export function SportSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const options = useSportOptions();
  return <SelectField label={t('filters.sport')} value={value} options={options} onChange={(e) => onChange(e.target.value)} />;
}
