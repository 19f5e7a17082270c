import moment from 'moment';

/** A report day (YYYY-MM-DD, UTC) as DD/MM/YYYY. */
export function formatReportDate(date: string): string {
  return moment.utc(date, 'YYYY-MM-DD').format('DD/MM/YYYY');
}

/**
 * A round's result in words: the first part of its Diamond description (`rdesc`, '#'-separated),
 * which every table starts with the winner ('Tiger', 'Player A', 'Andar'), else the winner code.
 */
export function resultName(round: { rdesc: string | null; win: string | null }): string {
  const first = round.rdesc?.split('#')[0]?.trim();
  return first || round.win || '—';
}
