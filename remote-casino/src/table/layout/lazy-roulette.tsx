import { Suspense } from 'react';
import { Spinner, lazyWithRetry, type CasinoRoundView } from '@backlay/shared';
import { useT } from '../../i18n';
import type { TableLayoutProps } from './types';

// One chunk for the layout and the wheel, fetched by the roulette table only: the other tables' page stays as it was.
const load = () => import('./roulette');
const Layout = lazyWithRetry(() => load().then((m) => ({ default: m.RouletteLayout })));
const Wheel = lazyWithRetry(() => load().then((m) => ({ default: m.RouletteWheel })));

/** Roulette's betting layout, loaded with the table. */
export function LazyRouletteLayout(props: TableLayoutProps) {
  const t = useT();
  return (
    <Suspense fallback={<Spinner label={t('roulette.loading')} />}>
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
