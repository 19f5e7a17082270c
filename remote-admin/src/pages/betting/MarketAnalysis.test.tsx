import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MarketAnalysis } from './MarketAnalysis';
import { LIVE_REFRESH_MS } from './betting-common';
import { buildBook } from './test-builders';
import { fakeBets, renderWithApis, withMocks } from '@backlay/shared/testing';

const api = withMocks(fakeBets, 'marketAnalysis');
const apis = { bets: api };

const book = buildBook;

const renderPage = () => renderWithApis(<MemoryRouter><MarketAnalysis /></MemoryRouter>, apis);

beforeEach(() => jest.resetAllMocks());
afterEach(() => jest.useRealTimers());

describe('MarketAnalysis', () => {
  it("shows per match and market the players' P&L (Users) next to the agent's own, coloured by sign, with the bet count and a link to the match", async () => {
    api.marketAnalysis.mockResolvedValue([
      book(),
      book({ marketId: 'f1', marketName: '6 over runs', marketType: 'fancy', betCount: 1, lines: [{ selectionId: '0', name: '44 and below', usersPnl: -100, ownPnl: 40, fromRuns: 0 }, { selectionId: '45', name: '45 and above', usersPnl: 110, ownPnl: -44, fromRuns: 45 }] }),
      book({ matchId: 'e2', matchName: 'England v India', marketId: 'mo2', betCount: 1 }),
    ]);
    renderPage();
    const india = await screen.findByRole('region', { name: 'India v Australia' });
    expect(api.marketAnalysis).toHaveBeenCalledWith();
    expect(within(india).getByRole('link', { name: 'Open India v Australia' })).toHaveAttribute('href', '/admin/odds/e1');
    const odds = within(india).getByRole('table', { name: 'Book of Match Odds' });
    const [users, own] = within(within(odds).getByRole('row', { name: /^India/ })).getAllByRole('cell');
    expect(users).toHaveTextContent('150.00');
    expect(within(users).getByText('150.00')).toHaveAttribute('data-pnl', 'pos');
    expect(own).toHaveTextContent('-90.00');
    expect(within(own).getByText('-90.00')).toHaveAttribute('data-pnl', 'neg');
    expect(within(odds).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Runner', 'Users', 'Own']);
    expect(within(within(india).getByRole('region', { name: 'Match Odds' })).getByText('2 bets')).toBeInTheDocument();
    const fancy = within(india).getByRole('table', { name: 'Book of 6 over runs' });
    expect(within(fancy).getAllByRole('columnheader')[0]).toHaveTextContent('Runs');
    expect(within(fancy).getByRole('row', { name: /44 and below/ })).toHaveTextContent('-100.00');
    expect(within(screen.getByRole('region', { name: 'England v India' })).getByRole('link', { name: 'Open England v India' })).toHaveAttribute('href', '/admin/odds/e2');
  });

  it('names a race with its off time and its runners with their race-card numbers', async () => {
    const off = new Date(2026, 10, 28, 14, 5).toISOString();
    api.marketAnalysis.mockResolvedValue([
      book({
        matchId: 'r1', matchName: 'Sheffield · A4 480m', matchOpenDate: off, sportId: 4339, marketId: 'pl', marketName: 'Place',
        lines: [{ selectionId: '11', name: 'Swift Lad', clothNumber: 1, usersPnl: 80, ownPnl: -40 }, { selectionId: '12', name: 'Dusty Road', clothNumber: 2, usersPnl: -100, ownPnl: 50 }],
      }),
    ]);
    renderPage();
    const race = await screen.findByRole('region', { name: 'Sheffield · A4 480m · 14:05 28/11' });
    const table = within(race).getByRole('table', { name: 'Book of Place' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['1. Swift Lad', '2. Dusty Road']);
  });

  it('says so when the downline has no open bets', async () => {
    api.marketAnalysis.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('No open bets in your downline.')).toBeInTheDocument();
  });

  it('refreshes on the button and every 5 s while the page is visible, keeping the books on screen', async () => {
    jest.useFakeTimers();
    api.marketAnalysis.mockResolvedValueOnce([book()]).mockResolvedValue([book({ lines: [{ selectionId: 'ind', name: 'India', usersPnl: 500, ownPnl: -300 }] })]);
    renderPage();
    await screen.findByRole('table', { name: 'Book of Match Odds' });
    expect(api.marketAnalysis).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(LIVE_REFRESH_MS);
    });
    expect(api.marketAnalysis).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('500.00')).toBeInTheDocument();
    const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      jest.advanceTimersByTime(LIVE_REFRESH_MS * 3);
    });
    expect(api.marketAnalysis).toHaveBeenCalledTimes(2);
    hidden.mockRestore();
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Refresh' }));
    expect(api.marketAnalysis).toHaveBeenCalledTimes(3);
  });

  it("shows the server's message when the analysis cannot be loaded", async () => {
    api.marketAnalysis.mockRejectedValue(new Error('You are not allowed to do this'));
    renderPage();
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
  });
});
