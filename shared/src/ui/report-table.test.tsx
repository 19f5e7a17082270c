import { render, screen, within } from '@testing-library/react';
import { Pnl } from './pnl';
import { ReportTable, type ReportColumn } from './report-table';

interface Row {
  id: string;
  market: string;
  status: string;
  pnl: number;
  note: string;
}

const COLUMNS: readonly ReportColumn<Row>[] = [
  { name: 'Market', rowHeader: true, cell: (r) => r.market },
  { name: 'Note', className: 'bl-table__wrap', cell: (r) => r.note },
  { name: 'P&L', num: true, lead: 'end', cell: (r) => <Pnl rupees={r.pnl} /> },
  { name: 'Status', lead: 'start', cell: (r) => <span className={`bl-badge bl-badge--${r.status}`}>{r.status}</span> },
];

const ROWS: Row[] = [
  { id: 'a', market: 'Match Odds', status: 'won', pnl: 120, note: '' },
  { id: 'b', market: 'Bookmaker', status: 'lost', pnl: -50, note: 'late' },
];

describe('ReportTable, the one report table (stacked cards on a phone)', () => {
  it('is a table named by its label, with the columns named in order, and a row per item', () => {
    render(<ReportTable label="Bets" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Bets' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Market', 'Note', 'P&L', 'Status']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('Match Odds');
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['late', '-50.00', 'lost']);
  });

  it("labels every cell with its column's name and marks the lead cells: the status on the left, the amount on the right", () => {
    render(<ReportTable label="Bets" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const row = screen.getAllByRole('row')[1];
    const status = within(row).getByText('won').closest('td');
    const amount = within(row).getByText('120.00').closest('td');
    expect(status).toHaveAttribute('data-label', 'Status');
    expect(status).toHaveClass('bl-cards__lead', 'bl-cards__lead--start');
    expect(amount).toHaveAttribute('data-label', 'P&L');
    expect(amount).toHaveClass('num', 'bl-cards__lead', 'bl-cards__lead--end');
    expect(within(row).getByRole('rowheader')).toHaveAttribute('data-label', 'Market');
    // An empty cell stays empty, so the card leaves it out (:empty).
    expect(within(row).getAllByRole('cell')[0]).toBeEmptyDOMElement();
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('bl-table__wrap');
    expect(within(row).getAllByRole('cell')[0]).not.toHaveClass('bl-cards__lead');
  });

  it("gives a row its class and data-status; the table the cards' class and the caller's", () => {
    render(<ReportTable label="Bets" className="bl-bets" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} rowProps={(r) => ({ className: `bl-bet--${r.status}`, 'data-status': r.status })} />);
    expect(screen.getByRole('table')).toHaveClass('bl-table', 'bl-cards', 'bl-bets');
    const row = screen.getAllByRole('row')[2];
    expect(row).toHaveClass('bl-bet--lost');
    expect(row).toHaveAttribute('data-status', 'lost');
  });

  it('says so when there are no rows, across every column', () => {
    render(<ReportTable label="Bets" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No records found" />);
    const cell = screen.getByRole('cell', { name: 'No records found' });
    expect(cell).toHaveAttribute('colspan', '4');
  });

  it('shows no row at all for no rows without an empty text', () => {
    render(<ReportTable label="Bets" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('puts summary rows before and after the rows, and the total in the footer, each label spanning the columns before its first value', () => {
    render(
      <ReportTable
        label="Bets"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        before={[{ label: 'Opening', values: { Status: 'open' }, testIds: { Status: 'opening' } }]}
        after={[{ label: 'Closing', values: { Status: 'shut' } }]}
        total={{ label: 'Total', values: { 'P&L': <Pnl rupees={70} /> }, testIds: { 'P&L': 'total' } }}
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['MarketNoteP&LStatus', 'Openingopen', 'Match Odds120.00won', 'Bookmakerlate-50.00lost', 'Closingshut', 'Total70.00']);
    expect(within(rows[1]).getByRole('rowheader')).toHaveAttribute('colspan', '3');
    expect(screen.getByTestId('opening')).toHaveTextContent('open');
    expect(screen.getByTestId('opening')).toHaveAttribute('data-label', 'Status');
    expect(within(rows[5]).getByRole('rowheader')).toHaveAttribute('colspan', '2');
    expect(rows[5].closest('tfoot')).not.toBeNull();
    expect(screen.getByTestId('total')).toHaveTextContent('70.00');
    // The total's Status cell, without a value, is there and empty (left out of a card).
    expect(within(rows[5]).getAllByRole('cell')[1]).toBeEmptyDOMElement();
  });
});
