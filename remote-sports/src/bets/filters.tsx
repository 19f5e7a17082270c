import { SelectField, useLoad, ALL_SPORTS, useApis } from '@backlay/shared';

/** The sport select's options: All, then the sports the API lists. */
export function useSportOptions(): { value: string; label: string }[] {
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.sportList());
  const sports = load.state === 'done' ? load.value : [];
  return [{ value: ALL_SPORTS, label: 'All sports' }, ...sports.map((s) => ({ value: String(s.sportId), label: s.name }))];
}

/** A labelled sport select (All sports, Cricket, …). */
export function SportSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const options = useSportOptions();
  return <SelectField label="Sport" value={value} options={options} onChange={(e) => onChange(e.target.value)} />;
}
