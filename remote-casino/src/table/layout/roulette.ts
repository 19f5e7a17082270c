/** Roulette's table, one chunk loaded only by the roulette table (lazy-roulette.tsx). */
export { RouletteLayout } from './RouletteLayout';
export { RouletteWheel } from './RouletteWheel';
