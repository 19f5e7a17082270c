import { BetTableRow, MyBetsSection, Pnl, compareCodeUnits, formatRupees, type CasinoBet, type CasinoBetsResponse, type Load, formatOddsDecimal, formatDateTimeSeconds } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { useT, type CasinoT } from '../i18n';
import { runnerName } from '../ui/hands';

/** How a bet stands: its P&L once settled, Void once voided, Open before. */
function outcome(bet: CasinoBet, t: CasinoT) {
  if (bet.status === 'voided') return <span className="bl-badge bl-badge--void">{t('void')}</span>;
  if (bet.status === 'settled' && bet.pnl !== null) return <Pnl rupees={bet.pnl} />;
  return <span className="bl-muted">{t('bets.open')}</span>;
}

/**
 * My bets on the round (GET casino-bets): newest first, blue for back and pink for lay, with the
 * price, the stake and, once the round settled, what each bet won or lost; a bet of a voided
 * round reads Void. More bets than a page: the pager under the list.
 */
export function RoundBets({ load, onPage }: { load: Load<CasinoBetsResponse>; onPage: (page: number) => void }) {
  const t = useT();
  const rows: Load<CasinoBet[]> = load.state === 'done' ? { state: 'done', value: load.value.rows } : load;
  const paged = load.state === 'done' && load.value.total > load.value.pageSize ? load.value : null;
  return (
    <>
      <MyBetsSection
        id="bl-casino-bets-title"
        title={t('bets.title')}
        load={rows}
        newestFirst={(bets) => [...bets].sort((a, b) => compareCodeUnits(b.placedAt, a.placedAt))}
        empty={t('bets.empty')}
        label={t('bets.title')}
        columns={
          <>
            <th scope="col">{t('bets.selection')}</th>
            <th scope="col" className="num">
              {t('bets.odds')}
            </th>
            <th scope="col" className="num">
              {t('bets.stake')}
            </th>
            <th scope="col" className="num">
              {t('bets.result')}
            </th>
          </>
        }
        row={(bet) => (
          <BetTableRow key={bet.betId} kind={bet.side === 'BACK' ? 'back' : 'lay'} status={bet.status}>
            <th scope="row">
              <span className="bl-bet__struck">
                {t(bet.side === 'BACK' ? 'side.back' : 'side.lay')} {runnerName(bet.selectionName, t)}
              </span>{' '}
              <small className="bl-muted">{bet.marketName}</small>
              <small className="bl-bet__time">{formatDateTimeSeconds(bet.placedAt)}</small>
            </th>
            <td className="num bl-bet__struck">{formatOddsDecimal(bet.odds)}</td>
            <td className="num bl-bet__struck">{formatRupees(bet.stake)}</td>
            <td className="num">{outcome(bet, t)}</td>
          </BetTableRow>
        )}
      />
      {paged ? <Pager page={paged.page} pageSize={paged.pageSize} total={paged.total} onPage={onPage} label={t('bets.pages')} /> : null}
    </>
  );
}
