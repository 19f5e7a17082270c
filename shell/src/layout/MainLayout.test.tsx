import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ROLES, setBalance, setLanguage, setUser, type Role, type UserInfo } from '@backlay/shared';
import { fakeResponsibleGambling, memoryPayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { resetSiteForTests } from '../site/site';
import { MainLayout, navLinks } from './MainLayout';

const responsibleGambling = withMocks(fakeResponsibleGambling, 'realityCheck');
const apis = { responsibleGambling, payments: memoryPayments() };

jest.mock('../session/session', () => ({ endSession: jest.fn(() => Promise.resolve()) }));

// The player layout asks for the reality check (RealityCheck.test.tsx covers it): none set here.
beforeEach(() => {
  responsibleGambling.realityCheck.mockResolvedValue({ intervalMinutes: null, sessionStartedAt: new Date().toISOString(), netPnl: 0 });
});
afterEach(() => responsibleGambling.realityCheck.mockReset());

const userOf = (role: Role): UserInfo => ({
  _id: 'u1', username: `demo-${role}`, role, roleLabel: role.toUpperCase(), sessionId: 's1', balance: 10, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
});

describe('navLinks', () => {
  it('gives players the sports, casino, bets, payments, statements, rules, stake buttons and password links', () => {
    expect(navLinks('player', 'user').map((l) => [l.label, l.to])).toEqual([
      ['Home', '/'],
      ['Cricket', '/match/4'],
      ['Soccer', '/match/1'],
      ['Tennis', '/match/2'],
      ['Horse Racing', '/racing/7'],
      ['Greyhounds', '/racing/4339'],
      ['Casino', '/casino-list/LC/4'],
      ['Int. Casino', '/casino-int'],
      ['Unsettled bets', '/unsettledbet'],
      ['Bet history', '/bethistory'],
      ['Profit & loss', '/profitloss'],
      ['Casino report', '/casinoreport'],
      ['Deposit', '/deposit'],
      ['Withdraw', '/withdraw'],
      ['Statement', '/accountstatement'],
      ['Deposit statement', '/depositstatement'],
      ['Withdraw statement', '/withdrawstatement'],
      ['Rules', '/rules'],
      ['Stake buttons', '/button-values'],
      ['Change password', '/changepassword'],
      ['Account security', '/settings/security-auth'],
      ['Responsible gambling', '/settings/responsible-gambling'],
    ]);
  });

  it.each(['admin', 'sadmin'] as const)('shows the sports administration to %s', (role) => {
    expect(navLinks('admin', role).map((l) => [l.label, l.to])).toEqual([
      ['Clients', '/admin'],
      ['Dashboard', '/admin/dashbaord'],
      ['Market analysis', '/admin/market-analysis'],
      ['Unsettled bets', '/admin/unsettledbet'],
      ['Profit & loss', '/admin/profitloss'],
      ['Results', '/admin/results'],
      ['Casino tables', '/admin/casino-list'],
      ['Game reports', '/admin/game-reports'],
      ['Casino providers', '/admin/casino-int/providers'],
      ['Reconciliation', '/admin/casino-int/reconciliation'],
      ['Statement', '/admin/accountstatement'],
      ['Deposits', '/admin/depositstatement'],
      ['Withdrawals', '/admin/withdrawstatement'],
      ['Payment method', '/admin/payment-method'],
      ['Sports', '/admin/sports-list'],
      ['Feed status', '/admin/feed-status'],
      ['Messages', '/admin/messages'],
      ['SMS outbox', '/admin/sms-outbox'],
      ['Sites', '/admin/sites'],
      ['Settings', '/admin/settings'],
      ['Change password', '/admin/change-password'],
      ['Account security', '/admin/settings/security-auth'],
      ['Responsible gambling', '/admin/responsible-gambling'],
    ]);
  });

  it.each(ROLES.filter((r) => r !== 'admin' && r !== 'sadmin' && r !== 'user'))('hides it from %s', (role) => {
    expect(navLinks('admin', role).map((l) => l.label)).toEqual(['Clients', 'Dashboard', 'Market analysis', 'Unsettled bets', 'Profit & loss', 'Game reports', 'Statement', 'Deposits', 'Withdrawals', 'Change password', 'Account security', 'Responsible gambling']);
  });
});

describe('MainLayout', () => {
  afterEach(() => act(() => setUser(null)));

  it('renders the navigation of the signed-in role (an agent\'s with its payment queue, AdminNav.test.tsx)', async () => {
    act(() => setUser(userOf('mdl')));
    renderWithApis(
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route element={<MainLayout area="admin" />}>
            <Route path="/admin" element={<p>clients</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
      apis,
    );
    // The agent's menu loads with the admin area (its sound switch shows it did).
    expect(await screen.findByRole('button', { name: 'Sound for new payment requests' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Clients', 'Dashboard', 'Market analysis', 'Unsettled bets', 'Profit & loss', 'Game reports', 'Statement', 'Deposits', 'Withdrawals', 'Change password', 'Account security', 'Responsible gambling']);
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveClass('active');
  });
});

describe("the header's brand and the support contact (ADR 0074)", () => {
  const SIXER = {
    id: 'sixer', name: 'Sixer Exchange', theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
    logo: 'data:image/svg+xml;base64,PHN2Zy8+', languages: ['en' as const], defaultLanguage: 'en' as const,
    support: { email: 'help@sixer.example', phone: '+911800200600' }, maintenance: false, maintenanceMessage: '',
  };
  afterEach(() => act(() => {
    setUser(null);
    resetSiteForTests();
  }));

  function renderArea(area: 'player' | 'admin') {
    const path = area === 'admin' ? '/admin' : '/';
    act(() => setUser(userOf(area === 'admin' ? 'dl' : 'user')));
    renderWithApis(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<MainLayout area={area} />}>
            <Route path={path} element={<p>home</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
      apis,
    );
  }

  it("shows the site's logo in a player's header, and its support email and phone at the foot of the page", () => {
    act(() => resetSiteForTests({ status: 'ready', site: SIXER }));
    renderArea('player');
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Sixer Exchange' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'help@sixer.example' })).toHaveAttribute('href', 'mailto:help@sixer.example');
    expect(within(footer).getByRole('link', { name: '+911800200600' })).toHaveAttribute('href', 'tel:+911800200600');
  });

  it("shows the site's name in the admin header when it has no logo; the header stays without a brand until the site answered", async () => {
    renderArea('admin');
    // The agent's payment queue has loaded (its sound switch shows it).
    expect(await screen.findByRole('button', { name: 'Sound for new payment requests' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByText(/Backlay|Sixer/)).toBeNull();
    act(() => resetSiteForTests({ status: 'ready', site: { ...SIXER, logo: null } }));
    expect(within(banner).getByText('Sixer Exchange Admin')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('the header\'s wallet', () => {
  afterEach(() => {
    act(() => setUser(null));
    localStorage.clear();
  });

  it('shows the available balance (balance less exposure, as the casino games do) and the exposure, each hideable', async () => {
    const user = userEvent.setup();
    act(() => setUser({ ...userOf('user'), balance: 10_000, exposer: 2_230 }));
    renderWithApis(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<MainLayout area="player" />}>
            <Route path="/" element={<p>home</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
      apis,
    );
    const wallet = screen.getByLabelText('Wallet');
    expect(wallet).toHaveTextContent('Available₹7,770.00');
    expect(wallet).toHaveTextContent('Exposure₹2,230.00');
    expect(screen.getByLabelText('Available balance')).toHaveTextContent('₹7,770.00');
    expect(screen.getByLabelText('Exposure')).toHaveTextContent('₹2,230.00');
    // The socket's balance message moves both.
    act(() => setBalance(10_150.5, 100));
    expect(screen.getByLabelText('Available balance')).toHaveTextContent('₹10,050.50');
    expect(screen.getByLabelText('Exposure')).toHaveTextContent('₹100.00');
    await user.click(screen.getByRole('button', { name: 'Hide available balance' }));
    expect(screen.getByLabelText('Available balance')).toHaveTextContent('••••');
    expect(screen.getByRole('button', { name: 'Show available balance' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Exposure')).toHaveTextContent('₹100.00');
    await user.click(screen.getByRole('button', { name: 'Show available balance' }));
  });
});

describe('MainNav', () => {
  afterEach(() => act(() => setUser(null)));

  function renderPlayer() {
    act(() => setUser(userOf('user')));
    renderWithApis(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<MainLayout area="player" />}>
            <Route path="/" element={<p>home</p>} />
            <Route path="/rules" element={<p>rules page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
      apis,
    );
  }

  it('"More" opens a panel with every item of the role and closes on navigation', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'More' })).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('navigation', { name: 'More' });
    expect(within(panel).getAllByRole('link').map((a) => a.textContent)).toEqual(navLinks('player', 'user').map((l) => l.label));
    await user.click(within(panel).getByRole('link', { name: 'Rules' }));
    expect(screen.getByText('rules page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'More' })).toBeNull();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the panel', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('navigation', { name: 'More' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'More' })).toBeNull();
  });
});

describe('the header and the menu in Hindi', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
    act(() => setUser(null));
  });

  it("switch with the page's language: the wallet, Logout and every menu link", async () => {
    act(() => setUser(userOf('user')));
    renderWithApis(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<MainLayout area="player" />}>
            <Route path="/" element={<p>home</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
      apis,
    );
    await act(() => setLanguage('hi'));
    const wallet = screen.getByLabelText('वॉलेट');
    expect(within(wallet).getByText('उपलब्ध')).toBeInTheDocument();
    expect(within(wallet).getByText('एक्सपोज़र')).toBeInTheDocument();
    expect(within(wallet).getByRole('button', { name: 'उपलब्ध बैलेंस छिपाएँ' })).toHaveTextContent('छिपाएँ');
    expect(screen.getByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'मुख्य' });
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(links).toHaveLength(navLinks('player', 'user').length);
    expect(links.slice(0, 3)).toEqual(['होम', 'क्रिकेट', 'फ़ुटबॉल']);
    expect(links).toContain('जमा');
    expect(links).toContain('निकासी');
    expect(within(nav).getByRole('link', { name: 'जमा' })).toHaveAttribute('href', '/deposit');
    expect(screen.getByRole('button', { name: 'और' })).toBeInTheDocument();
  });
});
