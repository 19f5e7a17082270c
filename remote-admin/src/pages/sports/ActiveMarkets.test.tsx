import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, type MatchDetail } from '@backlay/shared';
import { buildFancy, buildMarket, fakeSports, fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ActiveFancies } from './ActiveFancies';
import { ActiveMarkets } from './ActiveMarkets';

const api = withMocks(fakeSports, 'matchById', 'marketList', 'fancyList');
const admin = withMocks(fakeSportsAdmin, 'updateMarket', 'updateFancy');
const apis = { sports: api, sportsAdmin: admin };

const detail: MatchDetail = { _id: 'e1', sportId: 4, name: 'India v Australia', competitionId: 'c1', competitionName: 'Border-Gavaskar Trophy', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', active: true };

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/active-markets/:matchId" element={<ActiveMarkets />} />
        <Route path="/admin/active-fancies/:matchId" element={<ActiveFancies />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  jest.resetAllMocks();
  api.matchById.mockResolvedValue(detail);
  admin.updateMarket.mockResolvedValue({ data: buildMarket('x'), message: 'Market updated' });
  admin.updateFancy.mockResolvedValue({ data: buildFancy('x'), message: 'Fancy updated' });
});

describe('ActiveMarkets', () => {
  beforeEach(() => {
    api.marketList.mockResolvedValue([
      buildMarket('1.1', { name: 'Match Odds', active: false }),
      buildMarket('1.2', { name: 'Bookmaker', type: 'bookmaker', active: true, status: 'suspended', adminSuspended: true }),
      buildMarket('1.3', { name: 'Tied Match', active: true, status: 'suspended', adminSuspended: false }),
    ]);
  });

  it('sorts by a header in the browser (Limits by the maximum stake) and narrows by a search of name or type', async () => {
    api.marketList.mockResolvedValue([
      buildMarket('1.1', { name: 'Match Odds', maxStake: 200_000 }),
      buildMarket('1.2', { name: 'Bookmaker', type: 'bookmaker', maxStake: 50_000 }),
      buildMarket('1.3', { name: 'Tied Match', maxStake: 100_000 }),
    ]);
    renderAt('/admin/active-markets/e1');
    const table = await screen.findByRole('table', { name: 'Markets' });
    const names = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    const limits = within(table).getByRole('columnheader', { name: 'Limits' });
    await userEvent.click(within(limits).getByRole('button', { name: 'Limits' }));
    expect(limits).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Bookmaker', 'Tied Match', 'Match Odds']);
    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Bookmaker', 'Match Odds', 'Tied Match']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'match');
    await waitFor(() => expect(names()).toEqual(['Match Odds', 'Tied Match']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'x');
    expect(await screen.findByText('No market matches the search.')).toBeInTheDocument();
    expect(api.marketList).toHaveBeenCalledTimes(1);
  });

  it('lists every market of the match with its state, and links to the fancies', async () => {
    renderAt('/admin/active-markets/e1');
    expect(await screen.findByRole('heading', { name: 'Markets: India v Australia' })).toBeInTheDocument();
    expect(api.marketList).toHaveBeenCalledWith('e1');
    expect(within(rowOf('Match Odds')).getByText('Hidden')).toBeInTheDocument();
    expect(within(rowOf('Bookmaker')).getByText('Suspended by admin')).toBeInTheDocument();
    expect(within(rowOf('Match Odds')).getByText('Open')).toBeInTheDocument();
    // Suspended by the feed alone: the admin can still hold it suspended, there is nothing to resume.
    expect(within(rowOf('Tied Match')).getByText('Suspended by feed')).toBeInTheDocument();
    expect(within(rowOf('Tied Match')).getByRole('button', { name: 'Suspend Tied Match' })).toBeEnabled();
    expect(within(rowOf('Tied Match')).queryByRole('button', { name: /^Resume/ })).toBeNull();
    expect(within(rowOf('Match Odds')).getByText('100–1,00,000 · profit 5,00,000 · 5 s')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fancies of this match' })).toHaveAttribute('href', '/admin/active-fancies/e1');
    expect(screen.getByRole('link', { name: 'All matches' })).toHaveAttribute('href', '/admin/active-matches/4');
  });

  it('activates, deactivates, suspends and resumes with update-market, reloading after each', async () => {
    renderAt('/admin/active-markets/e1');
    await userEvent.click(await screen.findByRole('button', { name: 'Activate Match Odds' }));
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.1', active: true });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bookmaker' }));
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.2', active: false });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend Match Odds' }));
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.1', suspended: true });
    await userEvent.click(screen.getByRole('button', { name: 'Resume Bookmaker' }));
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.2', suspended: false });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend Tied Match' }));
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.3', suspended: true });
    await waitFor(() => expect(api.marketList).toHaveBeenCalledTimes(6));
  });

  it('edits limits: refuses bad values, sends numbers, shows a refusal in the dialog', async () => {
    renderAt('/admin/active-markets/e1');
    await userEvent.click(await screen.findByRole('button', { name: 'Limits of Match Odds' }));
    const dialog = screen.getByRole('dialog', { name: 'Limits: Match Odds' });
    await userEvent.clear(within(dialog).getByLabelText('Max profit'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText(/Maximum profit must be a whole number of rupees/)).toBeInTheDocument();
    expect(admin.updateMarket).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Max profit'), '250000');
    admin.updateMarket.mockRejectedValueOnce(new ApiError('Market not found', 404, 'NOT_FOUND'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Market not found');
    expect(admin.updateMarket).toHaveBeenLastCalledWith({ marketId: '1.1', minStake: 100, maxStake: 100000, maxProfit: 250000, betDelaySec: 5 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ActiveFancies', () => {
  it('lists every kind of fancy and switches them with update-fancy', async () => {
    api.fancyList.mockResolvedValue([buildFancy('f1', { name: '6 over runs IND', active: false }), buildFancy('f2', { name: 'Fall of 3rd wkt', gtype: 'wicket', status: 'ball_running' })]);
    renderAt('/admin/active-fancies/e1');
    expect(await screen.findByRole('heading', { name: 'Fancies: India v Australia' })).toBeInTheDocument();
    expect(api.fancyList).toHaveBeenCalledWith('e1', 'all');
    expect(within(rowOf('Fall of 3rd wkt')).getByText('Wicket')).toBeInTheDocument();
    expect(within(rowOf('Fall of 3rd wkt')).getByText('Ball running')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activate 6 over runs IND' }));
    expect(admin.updateFancy).toHaveBeenLastCalledWith({ fancyId: 'f1', active: true });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend Fall of 3rd wkt' }));
    expect(admin.updateFancy).toHaveBeenLastCalledWith({ fancyId: 'f2', suspended: true });
    expect(screen.getByRole('link', { name: 'Markets of this match' })).toHaveAttribute('href', '/admin/active-markets/e1');
  });
});
