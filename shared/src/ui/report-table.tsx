import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A report's table that turns into stacked cards on a phone (issue 33, ADR 0058): one home for
 * the player's reports (account statement, bet history, unsettled bets, profit and loss, the
 * deposit and withdraw statements, the casino report and results).
 *
 * On a screen 768 px wide or more it is the table the reports always had (`bl-table`). Below
 * that (the stylesheet's `.bl-cards` rules, `shell/public/index.html`) each row is a card: its
 * lead cells first and prominent — the row's status, then its amount, coloured as the table
 * colours them (the status on the left, the amount on the right) — then every other cell as a labelled line ("Date: …", the label is the column's
 * name from `data-label`). Empty cells are left out of a card. The header row stays for screen
 * readers. The markup stays a table with explicit roles (table, row, columnheader, rowheader,
 * cell), which a browser keeps when CSS shows the rows as blocks, so a test finds a row by
 * role and reads the columns' names on both layouts.
 */

/** One column of a report. */
export interface ReportColumn<T> {
  /** The column's name: its header on a wide screen, the label of its line on a card. */
  name: string;
  /** The cell of a row. */
  cell: (row: T) => ReactNode;
  /** A number: right-aligned on the table. */
  num?: boolean;
  /** The cell that names the row (`th scope="row"`). */
  rowHeader?: boolean;
  /**
   * On a card, shown first and prominent, each under its name in small type: `start` on the left
   * (the row's status; a statement's balance), `end` on the right (its amount: a P&L, a deposit's
   * amount, a statement entry's credit or debit). Several lead cells of one side stack in order.
   */
  lead?: 'start' | 'end';
  /** Further classes of the cells (`bl-table__wrap` for long text, `bl-credit`, ...). */
  className?: string;
}

/**
 * A summary row (an opening or closing balance, a total): its label spans the columns before
 * the first column with a value; `values` and `testIds` go by column name.
 */
export interface ReportSummary {
  label: string;
  values: Readonly<Record<string, ReactNode>>;
  testIds?: Readonly<Record<string, string>>;
}

/** The attributes a row may carry besides its cells (a class, `data-status` for tests and styles). */
export type ReportRowProps = Pick<HTMLAttributes<HTMLTableRowElement>, 'className'> & { 'data-status'?: string };

export interface ReportTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => ReportRowProps;
  /** The text of a table without rows ("No records found"); without it, no row is shown. */
  empty?: string;
  /** Summary rows before the rows (an opening balance) and after them (a closing balance). */
  before?: readonly ReportSummary[];
  after?: readonly ReportSummary[];
  /** The footer's total. */
  total?: ReportSummary;
  /** Further classes of the table (`bl-bets`, `bl-table--compact`). */
  className?: string;
}

function cellClass<T>(column: ReportColumn<T>): string | undefined {
  const classes = [column.num ? 'num' : '', column.className ?? '', column.lead ? `bl-cards__lead bl-cards__lead--${column.lead}` : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function SummaryRow<T>({ summary, columns, className }: { summary: ReportSummary; columns: readonly ReportColumn<T>[]; className?: string }) {
  const first = columns.findIndex((c) => c.name in summary.values);
  const span = first < 0 ? columns.length : Math.max(first, 1);
  return (
    <tr role="row" className={className}>
      <th role="rowheader" scope="row" colSpan={span}>
        {summary.label}
      </th>
      {columns.slice(span).map((c) => {
        const value = summary.values[c.name];
        return (
          <td key={c.name} role="cell" className={c.num ? 'num' : undefined} data-label={c.name} data-testid={summary.testIds?.[c.name]}>
            {value ?? null}
          </td>
        );
      })}
    </tr>
  );
}

/** A report's table on a wide screen, its rows stacked cards on a phone. */
export function ReportTable<T>({ label, columns, rows, rowKey, rowProps, empty, before = [], after = [], total, className }: ReportTableProps<T>) {
  return (
    <div className="bl-table-wrap">
      <table role="table" className={`bl-table bl-cards${className ? ` ${className}` : ''}`} aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.name} role="columnheader" scope="col" className={c.num ? 'num' : undefined}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {before.map((s) => (
            <SummaryRow key={s.label} summary={s} columns={columns} className="bl-table__summary" />
          ))}
          {rows.length === 0 && empty !== undefined ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className="bl-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} role="row" {...rowProps?.(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.name} role="rowheader" scope="row" className={cellClass(c)} data-label={c.name}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.name} role="cell" className={cellClass(c)} data-label={c.name}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
          {after.map((s) => (
            <SummaryRow key={s.label} summary={s} columns={columns} className="bl-table__summary" />
          ))}
        </tbody>
        {total ? (
          <tfoot role="rowgroup">
            <SummaryRow summary={total} columns={columns} />
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
