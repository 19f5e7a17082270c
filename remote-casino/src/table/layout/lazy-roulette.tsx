import { Suspense } from 'react';
import { Spinner, lazyWithRetry, type CasinoRoundView } from '@backlay/shared';
import type { TableLayoutProps } from './types';

// One chunk for the layout and the wheel, fetched by the roulette table only: the other tables' page stays as it was.
const load = () => import('./roulette');
const Layout = lazyWithRetry(() => load().then((m) => ({ default: m.RouletteLayout })));
const Wheel = lazyWithRetry(() => load().then((m) => ({ default: m.RouletteWheel })));

/** Roulette's betting layout, loaded with the table. */
export function LazyRouletteLayout(props: TableLayoutProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the betting layout" />}>
      <Layout {...props} />
    </Suspense>
  );
}

/** Roulette's wheel, loaded with the table. */
export function LazyRouletteWheel({ round }: { round: CasinoRoundView }) {
  return (
    <Suspense fallback={null}>
      <Wheel round={round} />
    </Suspense>
  );
}
