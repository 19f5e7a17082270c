import { Pnl, Dialog, RUN_BOOK_MARGIN, toRupees, type MarketPosition } from '@backlay/shared';
import { fancyRunBook } from '@backlay/shared/domain';
import { useT } from '../i18n';
import { fancyBookOf } from './positions';

/**
 * The run book of a fancy: the player's P&L for every final score from RUN_BOOK_MARGIN runs
 * below the lowest line of their bets to RUN_BOOK_MARGIN above the highest (fancyRunBook, the
 * same sums as the exposure, docs/rules/money.md §7.4).
 */
export function RunBookDialog({ name, position, onClose }: { name: string; position: MarketPosition | undefined; onClose: () => void }) {
  const t = useT();
  const rows = fancyRunBook(fancyBookOf(position), RUN_BOOK_MARGIN);
  return (
    <Dialog title={t('runBook.title', { name })} onClose={onClose}>
      {rows.length === 0 ? (
        <p className="bl-empty">{t('runBook.empty')}</p>
      ) : (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--compact" aria-label={t('runBook.table', { name })}>
            <thead>
              <tr>
                <th scope="col">{t('runBook.runs')}</th>
                <th scope="col" className="num">
                  {t('runBook.pnl')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.runs}>
                  <th scope="row">{r.runs}</th>
                  <td className="num">
                    <Pnl rupees={toRupees(r.pnlMinor)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
