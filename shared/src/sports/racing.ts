/**
 * How racing reads on every screen (ADR 0045): a race is an event named "Venue · Race" (its
 * competition is the meeting) starting at its off time; a runner is its race-card number and its
 * name ("3. Swift Lad"); a racing market of k > 1 winners is "To be placed · k places". The sports
 * screens, the bet lists and reports, and the admin area all draw races through these, so a race
 * reads the same everywhere.
 */
import { SPORT_IDS } from '../contracts/sports';
import { sharedT } from '../i18n/shared-catalog';
import { formatDate } from '../kernel/date-format';

/** Horse racing (Betfair event type 7) and greyhound racing (4339). */
export const RACING_SPORT_IDS: readonly number[] = [SPORT_IDS.horseRacing, SPORT_IDS.greyhoundRacing];

/** True for a racing sport. */
export function isRacingSport(sportId: number | null | undefined): boolean {
  return sportId !== null && sportId !== undefined && RACING_SPORT_IDS.includes(sportId);
}

/** What separates the venue from the race in a race's event name ("Sheffield · A4 480m"). */
export const RACE_NAME_SEPARATOR = ' · ';

/**
 * A race's venue and race name from its event name ("Sheffield · A4 480m" → Sheffield, A4 480m).
 * A name without the separator is the race name alone, its venue empty.
 */
export function raceParts(eventName: string): { venue: string; race: string } {
  const at = eventName.indexOf(RACE_NAME_SEPARATOR);
  if (at < 0) return { venue: '', race: eventName };
  return { venue: eventName.slice(0, at), race: eventName.slice(at + RACE_NAME_SEPARATOR.length) };
}

/** A race's off time as racing screens show it (24-hour clock, local time): "14:05". */
export function formatOffTime(iso: string | Date): string {
  return formatDate(iso, 'HH:mm');
}

/**
 * An event's name where a bet list or report names it: a race with its off time and date
 * ("Sheffield · A4 480m · 14:05 28/11"), anything else as it is.
 */
export function eventLabel(name: string, sportId: number | null | undefined, openDate: string | null | undefined): string {
  if (!isRacingSport(sportId) || !openDate) return name;
  return `${name}${RACE_NAME_SEPARATOR}${formatDate(openDate, 'HH:mm DD/MM')}`;
}

/** A runner with its race-card number when it has one ("3. Swift Lad"), else its name. */
export function runnerLabel(name: string, clothNumber: number | null | undefined): string {
  return clothNumber === null || clothNumber === undefined ? name : `${clothNumber}. ${name}`;
}

/** The places of a market of k winners: "2 places" (in the page's language, as the rest of this file's words). */
export function placesText(numberOfWinners: number): string {
  return sharedT('racing.places', { count: numberOfWinners });
}

/**
 * A racing market's title: the WIN market (one winner) "Win", a PLACE market "To be placed · 2
 * places" (every placed runner wins, docs/racing-rules.md R-2).
 */
export function raceMarketTitle(numberOfWinners: number): string {
  return numberOfWinners > 1 ? `${sharedT('racing.toBePlaced')}${RACE_NAME_SEPARATOR}${placesText(numberOfWinners)}` : sharedT('racing.win');
}

/** A non-runner's reduction factor as shown beside "NR": "Reduction 12.5%" (none when the feed gave none). */
export function reductionText(adjustmentFactor: number | null | undefined): string | null {
  return adjustmentFactor === null || adjustmentFactor === undefined ? null : sharedT('racing.reduction', { percent: Math.round(adjustmentFactor * 100) / 100 });
}
