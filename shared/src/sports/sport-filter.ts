/** The value of a sport select meaning every sport. */
export const ALL_SPORTS = 'all';

/** The chosen sport of a sport select as the API's sportId (undefined for all). */
export function sportIdOf(value: string): number | undefined {
  return value === ALL_SPORTS ? undefined : Number(value);
}
