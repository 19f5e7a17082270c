import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MESSAGES, on, publish, setUser, type ClientRow, type ListClientsResponse, type Role, type UserInfo } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { fakeClients, fakeExports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { ClientList, addClientLabel } from './ClientList';

const api = withMocks(fakeClients, 'listClients', 'usersLock', 'betLock', 'depositChips', 'withdrawChips', 'changeChildPassword');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { clients: api, exports: exportsApi };

const me: UserInfo = {
  _id: 'id-root', username: 'root', role: 'admin', roleLabel: 'Super Admin', sessionId: 's', balance: 5000, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};

function row(username: string, over: Partial<ClientRow> = {}): ClientRow {
  return {
    _id: `id-${username}`, username, displayName: username, phone: null, role: 'sadmin', roleLabel: 'Admin', status: 'active', betLock: false, lockedBy: null, betLockedBy: null,
    balance: 1000, exposer: 0, available: 1000, creditReference: 0, refPL: 1000, partnership: 90, commission: 0, exposureLimit: null,
    childCount: 0, createdAt: '2026-11-01T00:00:00Z', ...over,
  };
}

function listOf(rows: ClientRow[], over: Partial<ListClientsResponse> = {}): ListClientsResponse {
  return {
    parent: { _id: me._id, username: me.username, role: me.role, roleLabel: me.roleLabel },
    path: [{ username: me.username, roleLabel: me.roleLabel }],
    rows,
    total: rows.length,
    page: 1,
    pageSize: 25,
    totals: { balance: 1234.5, exposer: 10, available: 1224.5, creditReference: 500, refPL: 734.5 },
    ...over,
  };
}

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/list-clients" element={<ClientList />} />
        <Route path="/admin/list-clients/:username" element={<ClientList />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const rowOf = (username: string) => screen.getByRole('row', { name: new RegExp(`^${username} `) });

beforeEach(() => {
  jest.resetAllMocks();
  setUser(me);
});

describe('ClientList', () => {
  it('shows the direct downline with the totals of the response, drill-down links for agents and the Add button', async () => {
    api.listClients.mockResolvedValue(listOf([row('alpha'), row('bob', { role: 'user', roleLabel: 'USER', balance: 234.5, refPL: -265.5 })]));
    renderAt('/admin/list-clients');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(api.listClients).toHaveBeenCalledWith({ username: undefined, search: undefined, page: 1, pageSize: 25 });
    expect(within(table).getByRole('link', { name: 'alpha' })).toHaveAttribute('href', '/admin/list-clients/alpha');
    expect(within(table).queryByRole('link', { name: 'bob' })).not.toBeInTheDocument();
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(within(total).getByText('1,234.50')).toBeInTheDocument();
    expect(within(total).getByText('1,224.50')).toBeInTheDocument();
    expect(within(total).getByText('734.50')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('-265.50')).toHaveAttribute('data-pnl', 'neg');
    expect(within(rowOf('alpha')).getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
    expect(within(rowOf('alpha')).getByRole('button', { name: 'Password' })).toBeInTheDocument();
    expect(within(rowOf('alpha')).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/admin/accountstatement?username=alpha');
    expect(within(rowOf('alpha')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/add-user/alpha');
    expect(screen.getByRole('link', { name: 'Add Admin' })).toHaveAttribute('href', '/admin/add-user');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('labels the Add button with the child role, "Add user" for a DL and none for a user', () => {
    const labels = (['admin', 'sadmin', 'smdl', 'mdl', 'dl', 'user'] as Role[]).map(addClientLabel);
    expect(labels).toEqual(['Add Admin', 'Add SMDL', 'Add MDL', 'Add DL', 'Add user', null]);
  });

  it('drills into an agent: breadcrumb from the path, locks only on deeper levels, no Add button', async () => {
    api.listClients.mockResolvedValue(
      listOf([row('carol', { role: 'smdl', roleLabel: 'SMDL' })], {
        parent: { _id: 'id-alpha', username: 'alpha', role: 'sadmin', roleLabel: 'Admin' },
        path: [{ username: 'root', roleLabel: 'Super Admin' }, { username: 'alpha', roleLabel: 'Admin' }],
      }),
    );
    renderAt('/admin/list-clients/alpha');
    await screen.findByRole('table', { name: 'Clients' });
    expect(api.listClients).toHaveBeenCalledWith(expect.objectContaining({ username: 'alpha' }));
    expect(screen.getByRole('heading', { name: 'Clients of alpha' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: /root/ })).toHaveAttribute('href', '/admin/list-clients');
    expect(within(crumbs).getByText('alpha')).toBeInTheDocument();
    const carol = rowOf('carol');
    expect(within(carol).queryByRole('button', { name: 'Deposit' })).not.toBeInTheDocument();
    expect(within(carol).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(within(carol).queryByRole('button', { name: 'Password' })).not.toBeInTheDocument();
    expect(within(carol).getByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(within(carol).getByRole('button', { name: 'Bet lock' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add / })).not.toBeInTheDocument();
  });

  it('searches after the typing stops and pages with Previous and Next', async () => {
    api.listClients.mockImplementation(async (q) => listOf([row('alpha')], { total: 60, page: q.page ?? 1 }));
    renderAt('/admin/list-clients');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(api.listClients).toHaveBeenLastCalledWith({ username: undefined, search: undefined, page: 2, pageSize: 25 });
    const calls = api.listClients.mock.calls.length;
    await userEvent.type(screen.getByLabelText('Search clients'), 'alp');
    await waitFor(() => expect(api.listClients).toHaveBeenLastCalledWith({ username: undefined, search: 'alp', page: 1, pageSize: 25 }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    // One request for the whole word, not one per key.
    expect(api.listClients.mock.calls.length).toBe(calls + 1);
  });

  it('sorts on the server: a header sends sort and order from page 1, says so in aria-sort and shows the rows as they come', async () => {
    api.listClients.mockImplementation(async (q) =>
      listOf(q.sort === 'balance' ? [row('bob', { balance: 9 }), row('alpha', { balance: 100 })] : [row('alpha', { balance: 100 }), row('bob', { balance: 9 })], { total: 60, page: q.page ?? 1 }),
    );
    renderAt('/admin/list-clients');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const balance = screen.getByRole('columnheader', { name: 'Balance' });
    expect(balance).toHaveAttribute('aria-sort', 'none');
    // Actions and Bet lock are not sortable: no button in them.
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(balance).getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(api.listClients).toHaveBeenLastCalledWith({ username: undefined, search: undefined, sort: 'balance', order: 'asc', page: 1, pageSize: 25 }));
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute('aria-sort', 'ascending');
    const names = () => within(screen.getByRole('table', { name: 'Clients' })).getAllByRole('rowheader').map((c) => c.textContent);
    expect(names()).toEqual(['bob', 'alpha', 'Total']);
    // From the keyboard: the focused header's button turns the order round.
    screen.getByRole('button', { name: 'Balance' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.listClients).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'balance', order: 'desc', page: 1 })));
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('locks and bet-locks a row after the transaction password, tells the server message, reloads and shows who locked it', async () => {
    const locked = row('alpha', { status: 'locked', lockedBy: 'root', betLock: true, betLockedBy: 'mdl-above' });
    api.listClients.mockResolvedValueOnce(listOf([row('alpha')])).mockResolvedValue(listOf([locked]));
    api.usersLock.mockResolvedValue({ data: row('alpha', { status: 'locked' }), message: 'Account locked' });
    api.betLock.mockRejectedValueOnce(new Error(MESSAGES.lockSetAbove));
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderAt('/admin/list-clients');
    await screen.findByRole('table', { name: 'Clients' });
    // One click opens the confirmation; nothing is sent before the transaction password.
    await userEvent.click(within(rowOf('alpha')).getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock account' });
    expect(api.usersLock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await within(dialog).findByText(MESSAGES.transactionPasswordRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.usersLock).toHaveBeenCalledWith({ username: 'alpha', lock: true, transactionPassword: '123456' });
    expect(await within(rowOf('alpha')).findByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(within(rowOf('alpha')).getByText('Locked by root')).toBeInTheDocument();
    expect(within(rowOf('alpha')).getByText('Locked by mdl-above')).toBeInTheDocument();
    // A lock set above the caller: the server's refusal stays in the dialog.
    await userEvent.click(within(rowOf('alpha')).getByRole('button', { name: 'Bet unlock' }));
    const unlock = await screen.findByRole('dialog', { name: 'Unlock betting' });
    expect(within(unlock).getByText(/Betting locked by mdl-above/)).toBeInTheDocument();
    await userEvent.type(within(unlock).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(unlock).getByRole('button', { name: 'Bet unlock' }));
    expect(await within(unlock).findByRole('alert')).toHaveTextContent(MESSAGES.lockSetAbove);
    expect(api.betLock).toHaveBeenCalledWith({ username: 'alpha', lock: false, transactionPassword: '123456' });
    expect(notices).toEqual(['Account locked']);
    expect(api.listClients).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
  });

  it('opens the deposit dialog for a direct child and reloads after it', async () => {
    api.listClients.mockResolvedValueOnce(listOf([row('alpha')])).mockResolvedValue(listOf([row('alpha', { balance: 1100 })]));
    api.depositChips.mockResolvedValue({ data: { journalId: 'j', parentBalance: 4900, childBalance: 1100 }, message: 'Chips deposited' });
    renderAt('/admin/list-clients');
    await screen.findByRole('table', { name: 'Clients' });
    await userEvent.click(within(rowOf('alpha')).getByRole('button', { name: 'Deposit' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit chips' });
    await userEvent.type(within(dialog).getByLabelText('Amount'), '100');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(rowOf('alpha')).findByText('1,100.00')).toBeInTheDocument();
  });

  it('reloads when the wallet moves (a bus notification)', async () => {
    api.listClients.mockResolvedValueOnce(listOf([row('alpha', { balance: 1000 })])).mockResolvedValueOnce(listOf([row('alpha', { balance: 600.25 })]));
    renderAt('/admin/list-clients');
    expect(await within(await screen.findByRole('table', { name: 'Clients' })).findByText('1,000.00', { selector: 'td:nth-child(3)' })).toBeInTheDocument();
    act(() => publish('wallet.balanceChanged', { balance: 400, exposer: 0 }));
    expect(await screen.findByText('600.25')).toBeInTheDocument();
    expect(api.listClients).toHaveBeenCalledTimes(2);
  });

  it('shows the server message when the list cannot be loaded', async () => {
    api.listClients.mockRejectedValue(Object.assign(new Error('You are not allowed to do this'), { silent: false }));
    renderAt('/admin/list-clients/stranger');
    expect(await screen.findByText(/You are not allowed to do this/)).toBeInTheDocument();
  });
});

describe('ClientList: Download CSV and Print', () => {
  it("asks for the whole list of the account shown, in the order and search the screen applied", async () => {
    api.listClients.mockResolvedValue(listOf([row('alpha'), row('bob')]));
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    renderAt('/admin/list-clients/alpha');
    const table = await screen.findByRole('table', { name: 'Clients' });
    await userEvent.click(within(table).getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(api.listClients).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'balance', order: 'asc' })));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('list-clients', { username: 'alpha', search: undefined, sort: 'balance', order: 'asc' });
    expect(await screen.findByText('The CSV could not be downloaded: not now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
