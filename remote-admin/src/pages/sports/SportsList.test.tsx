import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, on, type SportAdminItem } from '@backlay/shared';
import { fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { SportsList } from './SportsList';

const api = withMocks(fakeSportsAdmin, 'sports', 'saveSportSettings', 'siteSports', 'saveSiteSports', 'siteLimits');
const apis = { sportsAdmin: api };

const sports: SportAdminItem[] = [
  { sportId: 4, name: 'Cricket', active: true, minStake: 100, maxStake: 100000, maxProfit: 500000, betDelaySec: 5 },
  { sportId: 1, name: 'Soccer', active: false, minStake: 50, maxStake: 50000, maxProfit: 200000, betDelaySec: 3 },
];

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/sports-list/:url?" element={<SportsList />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  jest.resetAllMocks();
  api.sports.mockResolvedValue(sports);
  api.saveSportSettings.mockResolvedValue({ data: null, message: 'Sport settings saved' });
  api.siteSports.mockResolvedValue({ siteId: 'sixer', sportsOff: [] });
  api.siteLimits.mockResolvedValue({ siteId: 'sixer', minStake: null, maxStake: 500 });
});

describe('SportsList', () => {
  it('lists every sport with its switch, default limits and links to its series and matches', async () => {
    renderAt('/admin/sports-list');
    await screen.findByRole('table', { name: 'Sports' });
    expect(within(rowOf('Cricket')).getByRole('switch', { name: 'Cricket active' })).toBeChecked();
    expect(within(rowOf('Soccer')).getByRole('switch', { name: 'Soccer active' })).not.toBeChecked();
    expect(within(rowOf('Cricket')).getByText('1,00,000')).toBeInTheDocument();
    expect(within(rowOf('Soccer')).getByText('3 s')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Series of Cricket' })).toHaveAttribute('href', '/admin/series/4');
    expect(screen.getByRole('link', { name: 'Matches of Soccer' })).toHaveAttribute('href', '/admin/active-matches/1');
    expect(screen.getByRole('link', { name: 'Limits of Soccer' })).toHaveAttribute('href', '/admin/sports-list/1');
  });

  it("hides a sport for this site's players only, after the transaction password (ADR 0074)", async () => {
    api.siteSports.mockResolvedValue({ siteId: 'sixer', sportsOff: [4] });
    api.saveSiteSports.mockResolvedValue({ data: { siteId: 'sixer', sportsOff: [1, 4] }, message: 'Sports of this site saved' });
    renderAt('/admin/sports-list');
    expect(await screen.findByRole('switch', { name: 'Cricket on this site' })).not.toBeChecked();
    expect(screen.getByRole('columnheader', { name: 'On this site' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Soccer on this site' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Soccer on this site' });
    expect(dialog).toHaveTextContent('Other sites keep it');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(api.saveSiteSports).toHaveBeenCalledWith({ siteId: 'sixer', sportsOff: [4, 1], transactionPassword: '123456' }));
    await waitFor(() => expect(api.siteSports).toHaveBeenCalledTimes(2));
    expect(api.saveSportSettings).not.toHaveBeenCalled();
  });

  it('offers a sport switched off on this site again', async () => {
    api.siteSports.mockResolvedValue({ siteId: 'backlay', sportsOff: [1, 4] });
    api.saveSiteSports.mockResolvedValue({ data: { siteId: 'backlay', sportsOff: [4] }, message: 'Sports of this site saved' });
    renderAt('/admin/sports-list');
    await userEvent.click(await screen.findByRole('switch', { name: 'Soccer on this site' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Soccer on this site' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer' }));
    await waitFor(() => expect(api.saveSiteSports).toHaveBeenCalledWith({ siteId: 'backlay', sportsOff: [4], transactionPassword: '123456' }));
  });

  it("shows this site's own stake limits under the sports", async () => {
    renderAt('/admin/sports-list');
    expect(await screen.findByLabelText('Maximum stake on this site')).toHaveValue('500');
    expect(screen.getByLabelText('Minimum stake on this site')).toHaveValue('');
  });

  it('without the site list (a refusal), the page keeps its platform switches', async () => {
    api.siteSports.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'FORBIDDEN'));
    renderAt('/admin/sports-list');
    expect(await screen.findByRole('switch', { name: 'Soccer active' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Soccer on this site' })).not.toBeInTheDocument();
  });

  it('switches a sport on with its current limits and reloads', async () => {
    const seen: string[] = [];
    const sub = on('ui.notify').subscribe((n) => seen.push(n.message));
    renderAt('/admin/sports-list');
    await userEvent.click(await screen.findByRole('switch', { name: 'Soccer active' }));
    expect(api.saveSportSettings).toHaveBeenCalledWith({ sportId: 1, active: true, minStake: 50, maxStake: 50000, maxProfit: 200000, betDelaySec: 3 });
    await waitFor(() => expect(api.sports).toHaveBeenCalledTimes(2));
    expect(seen).toEqual(['Sport settings saved']);
    sub.unsubscribe();
  });

  it('opens the limits editor of the sport in the path, validates and saves whole numbers', async () => {
    renderAt('/admin/sports-list/4');
    const dialog = await screen.findByRole('dialog', { name: 'Default limits: Cricket' });
    expect(within(dialog).getByLabelText('Min stake')).toHaveValue('100');
    await userEvent.clear(within(dialog).getByLabelText('Min stake'));
    await userEvent.type(within(dialog).getByLabelText('Min stake'), '200000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('Minimum stake must not be above the maximum stake')).toBeInTheDocument();
    expect(api.saveSportSettings).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Min stake'));
    await userEvent.type(within(dialog).getByLabelText('Min stake'), '200');
    await userEvent.clear(within(dialog).getByLabelText('Bet delay (seconds)'));
    await userEvent.type(within(dialog).getByLabelText('Bet delay (seconds)'), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(api.saveSportSettings).toHaveBeenCalledWith({ sportId: 4, active: true, minStake: 200, maxStake: 100000, maxProfit: 500000, betDelaySec: 8 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the editor open with the server\'s refusal', async () => {
    api.saveSportSettings.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'FORBIDDEN'));
    renderAt('/admin/sports-list/4');
    const dialog = await screen.findByRole('dialog', { name: 'Default limits: Cricket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});
