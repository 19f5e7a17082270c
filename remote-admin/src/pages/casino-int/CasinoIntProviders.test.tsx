import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { on, setUser, type CasinoIntProviderAdminView, type Role, type UserInfo } from '@backlay/shared';
import { fakeCasino, fakeCasinoInt, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoIntProviders } from './CasinoIntProviders';

const api = withMocks(fakeCasinoInt, 'adminProviders', 'setProviderEnabled', 'rotateSecret', 'retireSecret', 'setGameEnabled');
const casinoApi = withMocks(fakeCasino, 'siteSwitches', 'saveSiteSwitches');
const apis = { casinoInt: api, casino: casinoApi };

const studio: CasinoIntProviderAdminView = {
  id: 'backlay-studio',
  name: 'Backlay Studio',
  partnerId: 'backlay-studio',
  launchUrl: 'http://127.0.0.1:8095',
  currencies: ['INR'],
  enabled: true,
  seamless: true,
  secrets: [{ id: 's1', hint: 'a1b2', createdAt: '2026-01-01T00:00:00.000Z' }],
  games: [{ identifier: 'backlay-studio:crash', code: 'crash', name: 'Crash', image: '/x.svg', category: 'originals', subCategory: 'crash', enabled: true, maxMultiplier: '100000.00' }],
  clearingBalance: '120.00',
};
const exchange: CasinoIntProviderAdminView = {
  ...studio,
  id: 'sport_betting',
  name: 'Sport Betting',
  partnerId: 'sport_betting',
  launchUrl: '',
  seamless: false,
  secrets: [],
  games: [{ identifier: 'sport_betting:exchange', code: 'exchange', name: 'Exchange', image: '/e.svg', category: 'sports', subCategory: 'exchange', enabled: false, maxMultiplier: '1.00' }],
  clearingBalance: '0.00',
};

/** Signs in as `role` (the screen reads the role from the shared user store). */
function signedInAs(role: Role): void {
  setUser({ username: `me-${role}`, role } as UserInfo);
}

beforeEach(() => {
  jest.resetAllMocks();
  api.adminProviders.mockResolvedValue([studio, exchange]);
  casinoApi.siteSwitches.mockResolvedValue({ siteId: 'sixer', tablesOff: ['m-ab20'], providersOff: ['sport_betting'] });
  signedInAs('admin');
});

describe('CasinoIntProviders', () => {
  it("hides a provider for this site's players only, after the transaction password (ADR 0074)", async () => {
    casinoApi.saveSiteSwitches.mockResolvedValue({ data: { siteId: 'sixer', tablesOff: ['m-ab20'], providersOff: ['backlay-studio', 'sport_betting'] }, message: 'Casino switches saved' });
    renderWithApis(<CasinoIntProviders />, apis);
    expect(await screen.findByRole('switch', { name: 'Sport Betting on this site' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Backlay Studio on this site' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Backlay Studio on this site' });
    expect(dialog).toHaveTextContent('Other sites keep them');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(casinoApi.saveSiteSwitches).toHaveBeenCalledWith({
        siteId: 'sixer',
        tablesOff: ['m-ab20'],
        providersOff: ['sport_betting', 'backlay-studio'],
        transactionPassword: '123456',
      }),
    );
    await waitFor(() => expect(casinoApi.siteSwitches).toHaveBeenCalledTimes(2));
    expect(api.setProviderEnabled).not.toHaveBeenCalled();
  });

  it('lists each provider with its facts, secret hints and games', async () => {
    renderWithApis(<CasinoIntProviders />, apis);
    const section = await screen.findByRole('region', { name: 'Provider Backlay Studio' });
    expect(section).toHaveTextContent('http://127.0.0.1:8095');
    expect(section).toHaveTextContent('₹120.00');
    expect(within(section).getByRole('table', { name: 'Secrets of Backlay Studio' })).toHaveTextContent('…a1b2');
    expect(within(section).getByRole('switch', { name: 'Crash of Backlay Studio enabled' })).toBeChecked();
    expect(within(section).getByRole('table', { name: 'Games of Backlay Studio' })).toHaveTextContent('100,000×');
    // The only active secret can not be retired.
    expect(within(section).getByRole('button', { name: 'Retire secret …a1b2' })).toBeDisabled();
    const other = screen.getByRole('region', { name: 'Provider Sport Betting' });
    expect(other).toHaveTextContent('Our own exchange');
    expect(within(other).queryByRole('table', { name: /Secrets/ })).toBeNull();
    expect(within(other).getByRole('switch', { name: 'Exchange of Sport Betting enabled' })).not.toBeChecked();
  });

  it('shows the Admin (sadmin) the secrets but no Rotate or Retire: only the Super Admin holds the keys', async () => {
    signedInAs('sadmin');
    renderWithApis(<CasinoIntProviders />, apis);
    const section = await screen.findByRole('region', { name: 'Provider Backlay Studio' });
    expect(within(section).getByRole('table', { name: 'Secrets of Backlay Studio' })).toHaveTextContent('…a1b2');
    expect(within(section).queryByRole('button', { name: /Rotate secret/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Retire secret/ })).toBeNull();
    expect(section).toHaveTextContent('Only the Super Admin rotates or retires');
    expect(within(section).getByRole('switch', { name: 'Backlay Studio enabled' })).toBeEnabled();
  });

  it('rotates a secret and shows the new one once, in a labelled field', async () => {
    api.rotateSecret.mockResolvedValue({ data: { providerId: 'backlay-studio', secretId: 's2', secret: 'N'.repeat(43) }, message: 'New secret created' });
    renderWithApis(<CasinoIntProviders />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate secret of Backlay Studio' }));
    await waitFor(() => expect(api.rotateSecret).toHaveBeenCalledWith('backlay-studio'));
    expect(await screen.findByLabelText('Secret of backlay-studio')).toHaveValue('N'.repeat(43));
    await waitFor(() => expect(api.adminProviders).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Secret of backlay-studio')).toBeNull();
  });

  it('switches a provider and a game, says so and reloads', async () => {
    api.setProviderEnabled.mockResolvedValue({ data: { id: 'backlay-studio', enabled: false }, message: 'Provider disabled' });
    api.setGameEnabled.mockResolvedValue({ data: { identifier: 'sport_betting:exchange', enabled: true }, message: 'Game enabled' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderWithApis(<CasinoIntProviders />, apis);
    await userEvent.click(await screen.findByRole('switch', { name: 'Backlay Studio enabled' }));
    await waitFor(() => expect(api.setProviderEnabled).toHaveBeenCalledWith('backlay-studio', false));
    await waitFor(() => expect(api.adminProviders).toHaveBeenCalledTimes(2));
    await userEvent.click(await screen.findByRole('switch', { name: 'Exchange of Sport Betting enabled' }));
    await waitFor(() => expect(api.setGameEnabled).toHaveBeenCalledWith('sport_betting:exchange', true));
    await waitFor(() => expect(notices).toEqual(['Provider disabled', 'Game enabled']));
    sub.unsubscribe();
  });

  it("sorts a provider's games in the browser: the maximum payout as a number, both ways", async () => {
    const game = (code: string, maxMultiplier: string) => ({ ...studio.games[0]!, identifier: `backlay-studio:${code}`, code, name: code, maxMultiplier });
    api.adminProviders.mockResolvedValue([{ ...studio, games: [game('crash', '100000.00'), game('dice', '99.00'), game('mines', '5000.00')] }]);
    signedInAs('sadmin');
    renderWithApis(<CasinoIntProviders />, apis);
    const games = await screen.findByRole('table', { name: 'Games of Backlay Studio' });
    const order = () => within(games).getAllByRole('rowheader').map((c) => c.textContent?.split(' ')[0]);
    const max = within(games).getByRole('columnheader', { name: 'Max payout' });
    await userEvent.click(within(max).getByRole('button', { name: 'Max payout' }));
    expect(order()).toEqual(['dice', 'mines', 'crash']);
    await userEvent.click(within(max).getByRole('button', { name: 'Max payout' }));
    expect(order()).toEqual(['crash', 'mines', 'dice']);
    expect(max).toHaveAttribute('aria-sort', 'descending');
  });
});
