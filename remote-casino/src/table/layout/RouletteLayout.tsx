import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { PHONE_QUERY, formatOddsDecimal, formatRupees, useMediaQuery } from '@backlay/shared';
import { pocketColour } from '@backlay/shared/casino';
import { openStakes } from '../book';
import { useT, type CasinoKey, type CasinoT } from '../../i18n';
import type { TableLayoutProps } from './types';

/** A cell's place in one shape of the grid: column, row and their spans (1-based, CSS grid lines). */
type Place = readonly [column: number, row: number, columns: number, rows: number];

/** One cell of the betting layout: the market (by code) and runner it backs, and where it sits. */
export interface RouletteCell {
  market: string;
  selectionId: string;
  /** What the cell shows: the number, "2 to 1", "1st 12", "Red"… */
  text: string;
  /** The number's colour (numbers only). */
  colour?: 'green' | 'red' | 'black';
  /** On a wide screen: 0 at the left, three rows of twelve numbers, the columns' 2 to 1 at the right, dozens then the even-money bets below. */
  wide: Place;
  /** On a phone, turned: 0 on top, twelve rows of three numbers, 2 to 1 under each column, dozens and the even-money bets down the left. */
  phone: Place;
}

const OUTSIDE_ROW: ReadonlyArray<readonly [market: string, selectionId: string, text: string]> = [
  ['LOW_HIGH', 'LOW', '1–18'],
  ['ODD_EVEN', 'EVEN', 'Even'],
  ['RED_BLACK', 'RED', 'Red'],
  ['RED_BLACK', 'BLACK', 'Black'],
  ['ODD_EVEN', 'ODD', 'Odd'],
  ['LOW_HIGH', 'HIGH', '19–36'],
];
const DOZENS = ['FIRST_12', 'SECOND_12', 'THIRD_12'];
const DOZEN_TEXT = ['1st 12', '2nd 12', '3rd 12'];

/**
 * The European betting layout, cell by cell, each on a runner of the round's markets (roulette.ts:
 * STRAIGHT's 0 … 36, the outside markets' runners; their ZERO runners have no price and no cell).
 * Column k (1, 2, 3) holds the numbers n with n mod 3 = k mod 3: 1, 4 … 34 is the bottom row on a
 * wide screen and the left column on a phone.
 */
export const ROULETTE_CELLS: readonly RouletteCell[] = Object.freeze([
  { market: 'STRAIGHT', selectionId: '0', text: '0', colour: 'green', wide: [1, 1, 1, 3], phone: [3, 1, 3, 1] },
  ...Array.from({ length: 36 }, (_, i): RouletteCell => {
    const n = i + 1;
    const column = ((n - 1) % 3) + 1; // 1, 2, 3
    const line = Math.ceil(n / 3); // 1 … 12
    return { market: 'STRAIGHT', selectionId: String(n), text: String(n), colour: pocketColour(n), wide: [1 + line, 4 - column, 1, 1], phone: [2 + column, 1 + line, 1, 1] };
  }),
  ...[3, 2, 1].map((k): RouletteCell => ({ market: 'COLUMN', selectionId: `COLUMN_${k}`, text: '2 to 1', wide: [14, 4 - k, 1, 1], phone: [2 + k, 14, 1, 1] })),
  ...DOZENS.map((id, k): RouletteCell => ({ market: 'DOZEN', selectionId: id, text: DOZEN_TEXT[k], wide: [2 + 4 * k, 4, 4, 1], phone: [2, 2 + 4 * k, 1, 4] })),
  ...OUTSIDE_ROW.map(([market, selectionId, text], k): RouletteCell => ({ market, selectionId, text, wide: [2 + 2 * k, 5, 2, 1], phone: [1, 2 + 2 * k, 1, 2] })),
]);

/** The words of the cells that show words, in the page's language (the numbers show as they are). */
const CELL_TEXT: Readonly<Record<string, CasinoKey>> = {
  '2 to 1': 'roulette.column',
  '1st 12': 'roulette.dozen1',
  '2nd 12': 'roulette.dozen2',
  '3rd 12': 'roulette.dozen3',
  Even: 'roulette.even',
  Odd: 'roulette.odd',
  Red: 'roulette.red',
  Black: 'roulette.black',
};
const cellText = (t: CasinoT, text: string) => (Object.prototype.hasOwnProperty.call(CELL_TEXT, text) ? t(CELL_TEXT[text]) : text);

const cellKey = (marketId: string, selectionId: string) => `${marketId}\u0000${selectionId}`;

/**
 * A stake as a chip shows it: 100, 2.5K, 1L. One formatter for the page, made at the first chip
 * (a formatter made per chip drawn rebuilt ICU's number format each time).
 */
let chipFormat: Intl.NumberFormat | null = null;
const chipAmount = (rupees: number) => (chipFormat ??= new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 })).format(rupees);


/** The cell's accessible name: what it shows, what it covers, its price and the player's stake on it. */
function cellName(t: CasinoT, cell: RouletteCell, runnerName: string, price: number, stake: number | undefined): string {
  const text = cellText(t, cell.text);
  const what = cell.colour ? t('roulette.number', { number: text, colour: t(`colour.${cell.colour}`) }) : cell.text === runnerName ? text : t('roulette.covers', { text, runner: runnerName });
  const odds = formatOddsDecimal(price);
  return stake ? t('roulette.cellStake', { what, odds, stake: formatRupees(stake) }) : t('roulette.cell', { what, odds });
}

/** The grid lines of a cell in both shapes, as the shell's .bl-roulette styles read them. */
function placeStyle({ wide, phone }: RouletteCell): CSSProperties {
  return { '--wc': wide[0], '--wr': wide[1], '--wcs': wide[2], '--wrs': wide[3], '--pc': phone[0], '--pr': phone[1], '--pcs': phone[2], '--prs': phone[3] } as CSSProperties;
}

/**
 * Roulette: the European betting layout instead of a ladder of 37 numbers and five outside
 * markets. Each cell is the Back price of its runner: a tap opens the page's slip on it (the cell
 * then carries a chip) right under the grid, or on a phone in the bottom sheet; the slip's market
 * is listed there with just that runner and those bet on, so its book reads "this number / any
 * other number". The player's open stakes sit on their cells as chips. A market that takes no
 * bets disables its cells, and the grid says why.
 */
export function RouletteLayout({ markets, bets, renderMarket, back, selection, closedReason }: TableLayoutProps) {
  const t = useT();
  const byCode = useMemo(() => new Map(markets.map((m) => [m.code, m])), [markets]);
  const staked = useMemo(() => openStakes(bets, (b) => cellKey(b.marketId, b.selectionId)), [bets]);
  const phone = useMediaQuery(PHONE_QUERY);
  const slipRef = useRef<HTMLDivElement>(null);
  const slipMarket = selection ? markets.find((m) => m.marketId === selection.marketId) : undefined;
  const slipOpen = selection && slipMarket ? `${selection.marketId}:${selection.selectionId}` : null;

  // The slip opens under the grid: on a wide screen it is brought into view (a phone's is a sheet on screen).
  useEffect(() => {
    const el = slipRef.current;
    if (slipOpen === null || phone || !el || typeof el.scrollIntoView !== 'function') return;
    el.scrollIntoView({ block: 'nearest' });
  }, [slipOpen, phone]);

  const reasons = new Map<string, string>();
  for (const m of markets) {
    const reason = closedReason(m);
    if (reason !== null) reasons.set(m.code, reason);
  }
  const allClosed = markets.length > 0 && reasons.size === markets.length;
  const closedNames = markets.filter((m) => reasons.has(m.code)).map((m) => `${m.name} (${reasons.get(m.code)})`);

  const shown = useMemo(() => {
    if (!selection) return new Set<string>();
    const ids = new Set(bets.filter((b) => b.marketId === selection.marketId && b.status === 'open').map((b) => b.selectionId));
    ids.add(selection.selectionId);
    return ids;
  }, [bets, selection]);

  return (
    <section className="bl-roulette" aria-label={t('roulette.label')}>
      <div className="bl-roulette__board">
        <div className="bl-roulette__grid" role="group" aria-label={t('roulette.bets')}>
          {ROULETTE_CELLS.map((cell) => {
            const market = byCode.get(cell.market);
            const runner = market?.runners.find((r) => r.selectionId === cell.selectionId);
            if (!market || !runner || runner.back === null) return null;
            const price = runner.back;
            const stake = staked.get(cellKey(market.marketId, runner.selectionId));
            const picked = selection?.marketId === market.marketId && selection.selectionId === runner.selectionId;
            const closed = reasons.get(market.code) ?? null;
            const classes = ['bl-roulette__cell', cell.colour ? `bl-roulette__cell--${cell.colour}` : 'bl-roulette__cell--outside'].join(' ');
            return (
              <button
                key={`${cell.market}:${cell.selectionId}`}
                type="button"
                className={classes}
                style={placeStyle(cell)}
                aria-label={cellName(t, cell, runner.name, price, stake)}
                aria-pressed={picked}
                disabled={closed !== null}
                data-market={market.code}
                data-selection={runner.selectionId}
                onClick={() => back(market, runner.selectionId)}
              >
                <span className="bl-roulette__text">{cellText(t, cell.text)}</span>
                {stake ? (
                  <span className="bl-roulette__chip" data-testid="roulette-chip" aria-hidden="true">
                    {chipAmount(stake)}
                  </span>
                ) : picked ? (
                  <span className="bl-roulette__chip bl-roulette__chip--new" aria-hidden="true" />
                ) : null}
              </button>
            );
          })}
        </div>
        {allClosed ? (
          <div className="bl-market__overlay" role="status">
            <span className="bl-roulette__closed">{reasons.get(markets[0].code)}</span>
          </div>
        ) : null}
      </div>
      {!allClosed && closedNames.length > 0 ? (
        <p className="bl-hint" role="status">
          {t('roulette.notTaking', { markets: closedNames.join(', ') })}
        </p>
      ) : null}
      {!allClosed && closedNames.length === 0 ? <p className="bl-hint bl-roulette__hint">{t('roulette.hint')}</p> : null}
      {slipOpen !== null && slipMarket ? (
        <div ref={slipRef} className="bl-roulette__slip">
          {renderMarket(slipMarket, shown)}
        </div>
      ) : null}
    </section>
  );
}

