import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage, setUser, type ClientRow, type UserInfo } from '@backlay/shared';
import { fakeClients, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ClientList, addClientLabel } from '../pages/ClientList';
import { DECLARE_MESSAGES } from '../pages/betting/declare-result';

/**
 * The admin screens in Hindi (issue 36): after the switch the client list, its row actions and the
 * deposit dialog speak Hindi, and so do the words built outside React (labels, form messages);
 * back in English they read as before.
 */
const api = withMocks(fakeClients, 'listClients');
const apis = { clients: api, exports: withMocks(fakeExports, 'csv') };

const me: UserInfo = {
  _id: 'id-dl', username: 'demo-dl', role: 'dl', roleLabel: 'DL', sessionId: 's', balance: 5000, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

const player: ClientRow = {
  _id: 'id-p1', username: 'p1', displayName: 'p1', phone: null, role: 'user', roleLabel: 'USER', status: 'active', betLock: true, lockedBy: null, betLockedBy: 'demo-dl',
  balance: 1000, exposer: 0, available: 1000, creditReference: 0, refPL: 0, partnership: 0, commission: 0, exposureLimit: null,
  childCount: 0, createdAt: '2026-11-01T00:00:00Z',
};

function renderList() {
  return renderWithApis(
    <MemoryRouter initialEntries={['/admin/list-clients']}>
      <Routes>
        <Route path="/admin/list-clients" element={<ClientList />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  act(() => setUser(me));
  api.listClients.mockResolvedValue({
    parent: { _id: me._id, username: me.username, role: me.role, roleLabel: me.roleLabel },
    path: [{ username: me.username, roleLabel: me.roleLabel }],
    rows: [player],
    total: 1,
    page: 1,
    pageSize: 25,
    totals: { balance: 1000, exposer: 0, available: 1000, creditReference: 0, refPL: 0 },
  });
});

afterEach(async () => {
  await act(() => setLanguage('en'));
  act(() => setUser(null));
});

describe('the admin screens in Hindi', () => {
  it('shows the client list, its actions and the deposit dialog in Hindi', async () => {
    await act(() => setLanguage('hi'));
    renderList();
    const table = await screen.findByRole('table', { name: 'क्लाइंट' });
    expect(screen.getByRole('heading', { name: 'क्लाइंट', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'यूज़र जोड़ें' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /बैलेंस/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'कार्रवाइयां' })).toBeInTheDocument();
    expect(within(table).getByText('सक्रिय')).toBeInTheDocument();
    expect(within(table).getByText('demo-dl ने लॉक किया')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'दांव अनलॉक' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'खाता विवरण' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'जमा' }));
    const dialog = screen.getByRole('dialog', { name: 'चिप्स जमा करें' });
    expect(within(dialog).getByLabelText('राशि')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('ट्रांज़ैक्शन पासवर्ड')).toBeInTheDocument();
    expect(within(dialog).getByText('demo-dl (आप)')).toBeInTheDocument();

    // Words made outside React follow the language too.
    expect(addClientLabel('smdl')).toBe('MDL जोड़ें');
    expect(DECLARE_MESSAGES.choose).toBe('नतीजा चुनें');
  });

  it('reads in English again after switching back', async () => {
    await act(() => setLanguage('hi'));
    await act(() => setLanguage('en'));
    renderList();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
    expect(addClientLabel('dl')).toBe('Add user');
    expect(DECLARE_MESSAGES.choose).toBe('Choose the result');
  });
});
