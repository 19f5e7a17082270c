import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchBox, SortHeader, matchesSearch, moneyPaise, nextSort, sortRows, useSort, useSortedRows, type SortColumn } from './sortable';

interface Row {
  id: string;
  value: string | number | bigint | Date | null;
}

const rowsOf = (...values: Row['value'][]): Row[] => values.map((value, i) => ({ id: `r${i}`, value }));
const ids = (rows: readonly Row[]) => rows.map((r) => r.id).join(' ');
const by = (kind: SortColumn<Row>['kind']): SortColumn<Row> => ({ kind, value: (r) => r.value });

describe('sortRows', () => {
  it.each([
    // numbers as numbers: 10 after 9, not between 1 and 2 as text would put it
    ['number', [9, 10, 1, 2], 'asc', 'r2 r3 r0 r1'],
    ['number', [9, 10, 1, 2], 'desc', 'r1 r0 r3 r2'],
    // money exactly: 0.1 + 0.2 style floats and decimal texts compare by whole paise
    ['money', ['1000.10', '999.99', '1,000.09', '-5'], 'asc', 'r3 r1 r2 r0'],
    ['money', [10.1, 10.09, 10.11], 'desc', 'r2 r0 r1'],
    ['money', [250n, 99n, 100n], 'asc', 'r1 r2 r0'],
    // dates by time, not by their text (11 Nov after 2 Nov)
    ['date', ['2026-11-11T00:00:00Z', '2026-11-02T00:00:00Z', '2026-11-02T03:00:00+05:30'], 'asc', 'r2 r1 r0'],
    // text by locale: case-insensitive, digits within numerically
    ['text', ['beta', 'Alpha', 'alpha10', 'alpha9'], 'asc', 'r1 r3 r2 r0'],
  ] as const)('%s %j %s → %s', (kind, values, order, expected) => {
    expect(ids(sortRows(rowsOf(...values), by(kind), order))).toBe(expected);
  });

  it('is stable: equal values keep their order in both directions', () => {
    const rows = rowsOf(2, 1, 2, 1, 2);
    expect(ids(sortRows(rows, by('number'), 'asc'))).toBe('r1 r3 r0 r2 r4');
    expect(ids(sortRows(rows, by('number'), 'desc'))).toBe('r0 r2 r4 r1 r3');
  });

  it('puts rows without a value last in both directions and leaves the input alone', () => {
    const rows = rowsOf(null, 3, null, 1);
    expect(ids(sortRows(rows, by('number'), 'asc'))).toBe('r3 r1 r0 r2');
    expect(ids(sortRows(rows, by('number'), 'desc'))).toBe('r1 r3 r0 r2');
    expect(ids(rows)).toBe('r0 r1 r2 r3');
  });
});

describe('moneyPaise', () => {
  it.each([
    [0.1 + 0.2, 30n],
    [1234.56, 123456n],
    ['1,234.5', 123450n],
    ['-0.05', -5n],
    [7n, 7n],
  ] as const)('%p → %p paise', (value, paise) => {
    expect(moneyPaise(value)).toBe(paise);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and turns the same column round', () => {
    expect(nextSort(null, 'a')).toEqual({ key: 'a', order: 'asc' });
    expect(nextSort({ key: 'a', order: 'asc' }, 'a')).toEqual({ key: 'a', order: 'desc' });
    expect(nextSort({ key: 'a', order: 'desc' }, 'a')).toEqual({ key: 'a', order: 'asc' });
    expect(nextSort({ key: 'a', order: 'desc' }, 'b')).toEqual({ key: 'b', order: 'asc' });
  });
});

interface Player {
  name: string;
  balance: number;
}
const PLAYERS: Player[] = [
  { name: 'carol', balance: 20 },
  { name: 'alice', balance: 100.5 },
  { name: 'bob', balance: 3 },
];
const COLUMNS = { name: { kind: 'text', value: (p: Player) => p.name }, balance: { kind: 'money', value: (p: Player) => p.balance } } as const;

function Players() {
  const [sort, onSort] = useSort<keyof typeof COLUMNS>();
  const rows = useSortedRows(PLAYERS, COLUMNS, sort);
  return (
    <table aria-label="Players">
      <thead>
        <tr>
          <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
          <SortHeader label="Balance" sortKey="balance" sort={sort} onSort={onSort} num />
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.name}>
            <th scope="row">{p.name}</th>
            <td>{p.balance}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

describe('SortHeader', () => {
  it('is a column header with a button; aria-sort follows the sort and the rows follow a click', async () => {
    const user = userEvent.setup();
    render(<Players />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const balance = screen.getByRole('columnheader', { name: 'Balance' });
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(balance).toHaveAttribute('aria-sort', 'none');
    expect(balance).toHaveClass('num');
    expect(names()).toEqual(['carol', 'alice', 'bob']);

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(balance).toHaveAttribute('aria-sort', 'ascending');
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['bob', 'carol', 'alice']);

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(balance).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['alice', 'carol', 'bob']);
  });

  it('is operated from the keyboard: Tab to the header, Enter and Space sort', async () => {
    const user = userEvent.setup();
    render(<Players />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['alice', 'bob', 'carol']);
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['carol', 'bob', 'alice']);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
  });
});

describe('matchesSearch', () => {
  it.each([
    ['', ['anything'], true],
    ['  ', [null], true],
    ['ALP', ['alpha'], true],
    ['pha', [null, undefined, 'alpha'], true],
    ['42', [1420], true],
    ['zed', ['alpha', 'beta'], false],
  ] as const)('%j in %j → %s', (search, texts, expected) => {
    expect(matchesSearch(search, ...texts)).toBe(expected);
  });
});

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function Host({ onSearch }: { onSearch: (s: string) => void }) {
    const [, setShown] = useState('');
    return (
      <SearchBox
        label="Search players"
        debounceMs={300}
        onSearch={(s) => {
          setShown(s);
          onSearch(s);
        }}
      />
    );
  }

  it('is a labelled search input that reports the trimmed text once typing stops, and only a change', () => {
    const onSearch = jest.fn();
    render(<Host onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search players' });
    fireEvent.change(box, { target: { value: 'al' } });
    act(() => jest.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: ' ali ' } });
    act(() => jest.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('ali');
    fireEvent.change(box, { target: { value: 'ali' } });
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
    fireEvent.change(box, { target: { value: '' } });
    act(() => jest.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith('');
  });
});
