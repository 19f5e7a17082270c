import { Suspense } from 'react';
import { Dialog, Spinner, lazyWithRetry } from '@backlay/shared';
import { useT } from '../i18n';
import type { RoundProof } from './verify';

// The Verify view recomputes a round with every game's rules (@backlay/shared/casino's registry):
// fetched when a player opens it, not with the table (issue 32: the table page costs no more).
const Panel = lazyWithRetry(() => import('./VerifyPanel').then((m) => ({ default: m.VerifyPanel })));

/** The Verify view of a settled round, loaded when shown. */
export function LazyVerifyPanel({ proof }: { proof: RoundProof }) {
  const t = useT();
  return (
    <Suspense fallback={<Spinner label={t('verify.loading')} />}>
      <Panel proof={proof} />
    </Suspense>
  );
}

/** The Verify view in a dialog (a bottom sheet on a phone), loaded when opened. */
export function VerifyDialog({ proof, onClose }: { proof: RoundProof; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('verify.round', { roundId: proof.roundId })} onClose={onClose}>
      <LazyVerifyPanel proof={proof} />
    </Dialog>
  );
}
