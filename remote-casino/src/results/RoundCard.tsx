import { useMemo } from 'react';
import { Dialog, EmptyState, Spinner, formatDateTimeSeconds, useApis, useLoad, type CasinoLastResult, type CasinoRoundRecord } from '@backlay/shared';
import { useT } from '../i18n';
import { LazyVerifyPanel } from '../verify/lazy-verify';
import type { RoundProof } from '../verify/verify';

/** A round record's cards in dealing order. */
export function recordCards(record: Pick<CasinoRoundRecord, 'card'>): string[] {
  return record.card ? record.card.split(',').map((c) => c.trim()).filter(Boolean) : [];
}

/** What a settled round record publishes for the Verify view, with its cards by hand where known. */
export function recordProof(record: CasinoRoundRecord, hands?: Record<string, string[]>): RoundProof {
  return { gameCode: record.gameCode, roundId: record.roundId, serverSeed: record.serverSeed, serverSeedHash: record.serverSeedHash, clientSeed: record.clientSeed, nonce: record.nonce, cards: recordCards(record), hands };
}

/** The record of one round of the table (done-results by round id), and its cards by hand (html-cards). */
function useRoundRecord(matchId: string, gameCode: string, roundId: string) {
  const { casino: casinoApi } = useApis();
  const record = useLoad(() => casinoApi.results(matchId, { roundId }).then((r) => r.rounds.find((x) => x.roundId === roundId) ?? null), `${matchId}:${roundId}`);
  const found = record.load.state === 'done' ? record.load.value : null;
  const cards = useLoad(() => (found ? casinoApi.roundCards(found.mid, gameCode) : Promise.resolve(null)), found?.mid ?? '');
  return { record: record.load, hands: cards.load.state === 'done' && cards.load.value ? cards.load.value.hands : undefined };
}

/**
 * A round's result card, opened from the results strip: the winner as the table reads it, the
 * round's description and when it settled, then its seeds and cards, recomputed in the browser
 * from the revealed seed (the Verify view).
 */
export function RoundCardDialog({ matchId, gameCode, result, onClose }: { matchId: string; gameCode: string; result: CasinoLastResult; onClose: () => void }) {
  const t = useT();
  const { record, hands } = useRoundRecord(matchId, gameCode, result.roundId);
  const found = record.state === 'done' ? record.value : null;
  const proof = useMemo(() => (found && found.status === 'SETTLED' && found.serverSeed ? recordProof(found, hands) : null), [found, hands]);
  return (
    <Dialog title={t('round.title', { roundId: result.roundId })} onClose={onClose}>
      <p className="bl-round-card__winner">
        <span className={`bl-casino-result bl-casino-result--${result.tone}`} aria-hidden="true">
          {result.label}
        </span>{' '}
        <strong>{result.name}</strong>
      </p>
      {record.state === 'loading' ? <Spinner label={t('roundCard.loading')} /> : null}
      {record.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          {record.message}
        </p>
      ) : null}
      {record.state === 'done' && !found ? <EmptyState>{t('roundCard.gone')}</EmptyState> : null}
      {found ? (
        <p className="bl-muted">
          {found.rdesc.split('#').filter(Boolean).join(' · ')} · {t('roundCard.settled', { time: formatDateTimeSeconds(found.settledAt) })}
        </p>
      ) : null}
      {proof ? <LazyVerifyPanel proof={proof} /> : null}
    </Dialog>
  );
}
