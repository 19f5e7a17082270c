import { Pnl, Dialog, RUN_BOOK_MARGIN, toRupees, type MarketPosition } from '@backlay/shared';
import { fancyRunBook } from '@backlay/shared/domain';
import { fancyBookOf } from './positions';

/**
 * The run book of a fancy: the player's P&L for every final score from RUN_BOOK_MARGIN runs
 * below the lowest line of their bets to RUN_BOOK_MARGIN above the highest (fancyRunBook, the
 * same sums as the exposure, docs/rules/money.md §7.4).
 */
export function RunBookDialog({ name, position, onClose }: { name: string; position: MarketPosition | undefined; onClose: () => void }) {
  const rows = fancyRunBook(fancyBookOf(position), RUN_BOOK_MARGIN);
  return (
    <Dialog title={`Run book: ${name}`} onClose={onClose}>
      {rows.length === 0 ? (
        <p className="bl-empty">No bets on this fancy yet.</p>
      ) : (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--compact" aria-label={`Run book of ${name}`}>
            <thead>
              <tr>
                <th scope="col">Runs</th>
                <th scope="col" className="num">
                  Profit / loss
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
