import { spokenText } from '../ui/spoken-text';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type CasinoRoundRecord } from '@backlay/shared';
import { buildCasinoTable, fakeCasino, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoResults, todayUtc } from './CasinoResults';
import { recordCards } from './RoundCard';

const api = withMocks(fakeCasino, 'results', 'table', 'roundCards', 'games');
const apis = { casino: api };

const record = (roundId: string, over: Partial<CasinoRoundRecord> = {}): CasinoRoundRecord => ({
  roundId, matchId: '9023', gameCode: 'dt20', status: 'SETTLED', mid: roundId, win: '2', card: '8DD,KDD', rdesc: 'Tiger#No',
  serverSeed: '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e', serverSeedHash: 'f88bee90df7cdbcb8b1707372af004abdb2201ca20dddf466c598c50b6e66c38',
  clientSeed: 'india-casino-demo', nonce: 0, openedAt: '2026-11-21T10:00:00Z', closedAt: '2026-11-21T10:00:10Z', settledAt: '2026-11-21T10:00:12Z', voidReason: null, ...over,
});

function Location() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/casino/result/:matchId?" element={<CasinoResults />} />
      </Routes>
      <Location />
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  api.table.mockResolvedValue(buildCasinoTable({ matchId: '9023', title: '20-20 Dragon Tiger' }));
  api.results.mockResolvedValue({ rounds: [record('r2'), record('r1', { status: 'VOID', card: '', rdesc: '', win: '', voidReason: 'Table disabled' })], page: 1, totalPages: 3 });
  api.roundCards.mockResolvedValue({ mid: 'r2', gameCode: 'dt20', cards: ['8DD', 'KDD'], hands: { dragon: ['8DD'], tiger: ['KDD'] }, win: '2' });
});

describe('CasinoResults', () => {
  it('lists today\'s rounds of the table with result and cards, and pages', async () => {
    renderAt('/casino/result/9023');
    const table = await screen.findByRole('table', { name: 'Round results' });
    expect(screen.getByRole('heading', { name: '20-20 Dragon Tiger results', level: 1 })).toBeInTheDocument();
    expect(api.results).toHaveBeenCalledWith('9023', { filter_date: todayUtc(), roundId: undefined, page: 1 });
    const settled = within(table).getByRole('row', { name: /^r2/ });
    expect(settled).toHaveTextContent('Tiger');
    expect(within(settled).getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['8 of diamonds', 'King of diamonds']);
    const voided = within(table).getByRole('row', { name: /^r1/ });
    expect(voided).toHaveTextContent('VoidTable disabled');
    expect(within(voided).queryByRole('button', { name: /Verify/ })).toBeNull();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.results).toHaveBeenLastCalledWith('9023', expect.objectContaining({ page: 2 })));
  });

  it('filters by day and by the round of the link', async () => {
    renderAt('/casino/result/9023?roundId=r2');
    await screen.findByRole('table', { name: 'Round results' });
    expect(api.results).toHaveBeenCalledWith('9023', { filter_date: todayUtc(), roundId: 'r2', page: 1 });
    expect(screen.getByLabelText('Round id')).toHaveValue('r2');
    await userEvent.click(screen.getByRole('button', { name: 'All rounds' }));
    await waitFor(() => expect(api.results).toHaveBeenLastCalledWith('9023', expect.objectContaining({ roundId: undefined })));
    const day = screen.getByLabelText('Date');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-11-20');
    await waitFor(() => expect(api.results).toHaveBeenLastCalledWith('9023', expect.objectContaining({ filter_date: '2026-11-20' })));
  });

  it('opens the Verify view of a settled round with its cards by hand', async () => {
    renderAt('/casino/result/9023');
    await userEvent.click(await screen.findByRole('button', { name: 'Verify round r2' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify round r2' });
    expect(api.roundCards).toHaveBeenCalledWith('r2', 'dt20');
    expect(await within(dialog).findByText('india-casino-demo')).toBeInTheDocument();
    expect(spokenText(await within(dialog).findByRole('group', { name: "Round's cards by hand" }))).toBe("Round's cards by handDragon[8 of diamonds]Tiger[King of diamonds]");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without a table, offers the tables and opens the chosen one\'s results', async () => {
    api.games.mockResolvedValue([
      { title: '20-20 Dragon Tiger', image: '', slug: 'dt20', match_id: '9023', matchId: '9023', isDisable: false, categoryId: 23, secondsLeft: null },
      { title: 'Andar Bahar', image: '', slug: 'ab20', match_id: -1, matchId: '9026', isDisable: true, secondsLeft: null, categoryId: 26 },
    ]);
    renderAt('/casino/result');
    const select = await screen.findByLabelText('Table');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a table', '20-20 Dragon Tiger', 'Andar Bahar']);
    await userEvent.selectOptions(select, '20-20 Dragon Tiger');
    expect(screen.getByTestId('location')).toHaveTextContent('/casino/result/9023');
  });

  it('reads a record\'s comma-separated cards', () => {
    expect(recordCards({ card: '8DD,KDD' })).toEqual(['8DD', 'KDD']);
    expect(recordCards({ card: '' })).toEqual([]);
  });
});
