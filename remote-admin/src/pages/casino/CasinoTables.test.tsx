import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { on, type CasinoGameListItem } from '@backlay/shared';
import { fakeCasino, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoTables } from './CasinoTables';

const api = withMocks(fakeCasino, 'games', 'setDisabled', 'siteSwitches', 'saveSiteSwitches');
const apis = { casino: api };

const game = (slug: string, over: Partial<CasinoGameListItem> = {}): CasinoGameListItem => ({
  title: slug.toUpperCase(), image: `/api/casino/images/${slug}.svg`, slug, match_id: `m-${slug}`, matchId: `m-${slug}`, isDisable: false, categoryId: 23, secondsLeft: null, ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  api.games.mockResolvedValue([
    game('dt20', { title: 'Dragon Tiger 20-20' }),
    game('ab20', { title: 'Andar Bahar', categoryId: 26, match_id: -1, isDisable: true }),
    game('lucky7', { title: 'Lucky 7', categoryId: 27, match_id: -1 }),
  ]);
});

function renderPage() {
  return renderWithApis(
    <MemoryRouter>
      <CasinoTables />
    </MemoryRouter>,
    apis,
  );
}

describe('CasinoTables', () => {
  it("hides a table for this site's players only, after the transaction password (ADR 0074)", async () => {
    api.siteSwitches.mockResolvedValue({ siteId: 'sixer', tablesOff: ['m-ab20'], providersOff: ['prov-x'] });
    api.saveSiteSwitches.mockResolvedValue({ data: { siteId: 'sixer', tablesOff: ['m-ab20', 'm-dt20'], providersOff: ['prov-x'] }, message: 'Casino switches saved' });
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Andar Bahar on this site' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Dragon Tiger 20-20 on this site' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Dragon Tiger 20-20 on this site' });
    expect(dialog).toHaveTextContent('Other sites keep it');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(api.saveSiteSwitches).toHaveBeenCalledWith({ siteId: 'sixer', tablesOff: ['m-ab20', 'm-dt20'], providersOff: ['prov-x'], transactionPassword: '123456' }),
    );
    await waitFor(() => expect(api.siteSwitches).toHaveBeenCalledTimes(2));
    expect(api.setDisabled).not.toHaveBeenCalled();
  });

  it('lists every table with its category, state, switch and round book link', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Casino tables' });
    const dt = within(table).getByRole('row', { name: /^Dragon Tiger 20-20/ });
    expect(dt).toHaveTextContent('Dragon Tiger');
    expect(dt).toHaveTextContent('Running');
    expect(within(dt).getByRole('switch', { name: 'Dragon Tiger 20-20 enabled' })).toBeChecked();
    expect(within(dt).getByRole('link', { name: 'Round book' })).toHaveAttribute('href', '/admin/casino/dt20');
    const ab = within(table).getByRole('row', { name: /^Andar Bahar/ });
    expect(ab).toHaveTextContent('Disabled');
    expect(within(ab).getByRole('switch', { name: 'Andar Bahar enabled' })).not.toBeChecked();
    expect(within(table).getByRole('row', { name: /^Lucky 7/ })).toHaveTextContent('Stopped');
  });

  it('disables a running table by its match id after the transaction password, says so and reloads', async () => {
    api.setDisabled.mockResolvedValue({ data: { matchId: 'm-dt20', isDisable: true }, message: 'Table disabled' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Dragon Tiger 20-20 enabled' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Dragon Tiger 20-20' });
    expect(dialog).toHaveTextContent('The open round is voided and every bet on it refunded');
    // No password: the form says so and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('Transaction password is required')).toBeInTheDocument();
    expect(api.setDisabled).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.setDisabled).toHaveBeenCalledWith({ matchId: 'm-dt20', isDisable: true, transactionPassword: '123456' }));
    await waitFor(() => expect(api.games).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(notices).toEqual(['Table disabled']);
    sub.unsubscribe();
  });

  it('enables a disabled table (listed with match_id -1) by its table id', async () => {
    api.setDisabled.mockResolvedValue({ data: { matchId: 'm-ab20', isDisable: false }, message: 'Table enabled' });
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Andar Bahar enabled' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Andar Bahar' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(api.setDisabled).toHaveBeenCalledWith({ matchId: 'm-ab20', isDisable: false, transactionPassword: '123456' }));
  });

  it('keeps the server\'s refusal in the dialog', async () => {
    api.setDisabled.mockRejectedValue(new Error('Transaction password is incorrect'));
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Dragon Tiger 20-20 enabled' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction password is incorrect');
    expect(api.games).toHaveBeenCalledTimes(1);
  });
});
