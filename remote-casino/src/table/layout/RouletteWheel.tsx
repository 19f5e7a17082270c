import { useEffect, useState } from 'react';
import { useMediaQuery, type CasinoRoundView } from '@backlay/shared';
import { ROULETTE_WHEEL_ORDER, parsePocket, pocketColour } from '@backlay/shared/casino';
import { useT, type CasinoT } from '../../i18n';

/** Those who asked for less motion get the result still (WCAG 2.3.3), as the card deal does. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** How long the wheel spins to its pocket (the shell's .bl-wheel__disc--spin transition). */
export const WHEEL_SPIN_MS = 3_000;
/** Whole turns the wheel makes before it stops on the pocket. */
const SPIN_TURNS = 3;

const STEP = 360 / ROULETTE_WHEEL_ORDER.length;
const FILL = { green: '#1b7f4c', red: '#c0182b', black: '#14211c' } as const;

/** The round's pocket once the server has drawn it (`hands.pocket`, else the one card), or null. */
export function pocketOf(round: Pick<CasinoRoundView, 'cards' | 'hands'>): number | null {
  const shoe = round.hands.pocket ?? round.cards;
  if (shoe.length === 0) return null;
  try {
    return parsePocket(shoe);
  } catch {
    return null;
  }
}

/** The wheel's turn (degrees, clockwise) that brings `pocket` under the pointer at the top. */
export function restingAngle(pocket: number): number {
  const index = ROULETTE_WHEEL_ORDER.indexOf(pocket);
  return (360 - index * STEP) % 360;
}

/** The next turn from `from`: forward to the pocket's resting angle, with whole turns first when it spins. */
export function nextAngle(from: number, pocket: number, spin: boolean): number {
  const rest = restingAngle(pocket);
  if (!spin) return rest;
  const forward = (((rest - (from % 360)) % 360) + 360) % 360;
  return from + SPIN_TURNS * 360 + forward;
}

/** A point at `radius` on the clockwise angle `deg` from the top. */
const at = (radius: number, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(radius * Math.sin(a)).toFixed(2)} ${(-radius * Math.cos(a)).toFixed(2)}`;
};

/** One pocket's wedge between the ring's radii. */
const wedge = (index: number, outer: number, inner: number) => {
  const from = (index - 0.5) * STEP;
  const to = (index + 0.5) * STEP;
  return `M${at(inner, from)}L${at(outer, from)}A${outer} ${outer} 0 0 1 ${at(outer, to)}L${at(inner, to)}A${inner} ${inner} 0 0 0 ${at(inner, from)}Z`;
};

/** The disc: the 37 pockets in the wheel's order, drawn once (it never changes, only turns). */
const DISC = (
  <svg className="bl-wheel__svg" viewBox="-100 -100 200 200" aria-hidden="true" focusable="false">
    <circle r="99" fill="#6b4a2b" />
    {ROULETTE_WHEEL_ORDER.map((n, i) => (
      <g key={n}>
        <path d={wedge(i, 94, 62)} fill={FILL[pocketColour(n)]} stroke="#d9c48a" strokeWidth="0.6" />
        <text transform={`rotate(${(i * STEP).toFixed(3)}) translate(0 -84)`} textAnchor="middle" dominantBaseline="central" fill="#fff" fontSize="8" fontWeight="700">
          {n}
        </text>
      </g>
    ))}
    <circle r="62" fill="#2b5d4a" stroke="#d9c48a" strokeWidth="1" />
    <circle r="20" fill="#d9c48a" />
  </svg>
);

/** What the wheel says, for the eyes and for a screen reader (role=status). */
function wheelText(t: CasinoT, round: CasinoRoundView, pocket: number | null, revealed: boolean): string {
  if (round.status === 'VOID') return t('wheel.void');
  if (pocket !== null && revealed) return t('wheel.winning', { pocket, colour: t(`colour.${pocketColour(pocket)}`) });
  if (pocket !== null) return t('wheel.spinning');
  return round.status === 'OPEN' ? t('wheel.open') : t('wheel.noMore');
}

/**
 * Roulette's wheel, our own SVG of the European wheel (ROULETTE_WHEEL_ORDER, its colours by
 * pocketColour), in place of the cards the other tables deal. When the round's pocket arrives the
 * wheel turns forward to it (a CSS transform transition, WHEEL_SPIN_MS) and the ball rests under
 * the pointer; the winning number is then said as text (role=status). Under
 * prefers-reduced-motion the wheel is simply at the pocket, and the number is said at once. The
 * wheel keeps its place into the next round until that round's pocket arrives.
 */
export function RouletteWheel({ round }: { round: CasinoRoundView }) {
  const t = useT();
  const still = useMediaQuery(REDUCED_MOTION_QUERY);
  const pocket = pocketOf(round);
  // The pocket the wheel was last turned to, and its angle: a pocket is spun to once.
  const [turn, setTurn] = useState<{ key: string; angle: number; spin: boolean }>(() => ({
    key: pocket === null ? '' : `${round.roundId}:${pocket}`,
    angle: pocket === null ? 0 : restingAngle(pocket),
    spin: false,
  }));
  const [revealed, setRevealed] = useState(pocket !== null);
  const key = pocket === null ? '' : `${round.roundId}:${pocket}`;
  if (pocket !== null && key !== turn.key) {
    setTurn({ key, angle: nextAngle(turn.angle, pocket, !still), spin: !still });
    setRevealed(still);
  }
  const spinning = turn.spin && !revealed;
  useEffect(() => {
    if (!spinning) return undefined;
    const timer = setTimeout(() => setRevealed(true), WHEEL_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning, turn.key]);

  const shown = pocket !== null && revealed;
  return (
    <section className="bl-casino-cards bl-wheel" aria-label={t('wheel.label')} data-pocket={shown ? pocket : undefined} data-motion={still ? 'still' : 'spin'}>
      <div className="bl-wheel__frame">
        <div className={`bl-wheel__disc${turn.spin ? ' bl-wheel__disc--spin' : ''}`} style={{ transform: `rotate(${turn.angle}deg)` }} data-testid="wheel-disc">
          {DISC}
        </div>
        <span className="bl-wheel__pointer" aria-hidden="true" />
        {shown ? <span className="bl-wheel__ball" aria-hidden="true" /> : null}
      </div>
      <p className={`bl-wheel__result${shown ? ` bl-wheel__result--${pocketColour(pocket)}` : ''}`} role="status">
        {wheelText(t, round, pocket, revealed)}
      </p>
    </section>
  );
}
