import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUser, type Role, type SiteAdminRow } from '@backlay/shared';
import { fakeSites, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Sites, domainsOf } from './Sites';

const api = withMocks(fakeSites, 'list', 'create', 'update');
const apis = { sites: api };

/** A field's new text in one paste (the form's checks are under test, not the keyboard: typing each character is slow). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function signedIn(role: Role) {
  setUser({ _id: 'id-me', username: 'me', role, roleLabel: role, sessionId: 's', balance: 0, exposer: 0, changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null });
}

function site(over: Partial<SiteAdminRow> = {}): SiteAdminRow {
  return {
    id: 'sixer', name: 'Sixer Exchange', theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' }, logo: null,
    languages: ['en'], defaultLanguage: 'en', support: { email: 'help@sixer.test', phone: '' }, maintenance: false, maintenanceMessage: '',
    domains: ['localhost'], isDefault: false, admin: { id: 'a1', username: 'sixer-admin' }, ...over,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([site({ id: 'backlay', name: 'Backlay', isDefault: true, admin: null, domains: ['127.0.0.1'] }), site()]);
});

describe('domainsOf', () => {
  it('reads commas, spaces and lines', () => {
    expect(domainsOf(' a.test, b.test\nc.test  \n\n')).toEqual(['a.test', 'b.test', 'c.test']);
  });
});

describe('Sites', () => {
  it('lists the sites with their domains, Admin and maintenance; the Super Admin creates one', async () => {
    signedIn('admin');
    api.create.mockResolvedValue({ data: site({ id: 'lotus' }), message: 'Site created' });
    renderWithApis(<Sites />, apis);
    const table = await screen.findByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('row', { name: /Sixer Exchange localhost sixer-admin Off/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New site' }));
    const form = screen.getByRole('form', { name: 'New site' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create site' }));
    expect(await within(form).findByText('Give the site at least one domain')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
    await fill(within(form).getByLabelText('Site id'), 'lotus');
    await fill(within(form).getByLabelText('Name'), 'Lotus Play');
    await fill(within(form).getByLabelText('Domains'), 'lotus.test, www.lotus.test');
    await fill(within(form).getByLabelText('Admin username'), 'lotusboss');
    await fill(within(form).getByLabelText('Admin password'), 'Lotus#Admin2026');
    await fill(within(form).getByLabelText('Admin partnership %'), '80');
    await fill(within(form).getByLabelText('Transaction password'), '123456');
    expect(within(form).getByRole('img', { name: 'Theme preview of Lotus Play' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Create site' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({
      id: 'lotus', name: 'Lotus Play', domains: ['lotus.test', 'www.lotus.test'], logo: null, languages: ['en'], defaultLanguage: 'en',
      admin: { username: 'lotusboss', password: 'Lotus#Admin2026', partnership: 80 }, transactionPassword: '123456',
    }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New site' })).not.toBeInTheDocument());
    // The whole form validates on each change, the password policy's list included: seconds on a busy machine.
  }, 20_000);

  it("an Admin has no New site and edits its own site without its domains; the API's refusal shows in the form", async () => {
    signedIn('sadmin');
    api.list.mockResolvedValue([site()]);
    api.update.mockRejectedValueOnce(new Error('Transaction password is incorrect')).mockResolvedValue({ data: site({ name: 'Sixer Live' }), message: 'Site saved' });
    renderWithApis(<Sites />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sixer Exchange' }));
    expect(screen.queryByRole('button', { name: 'New site' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Edit Sixer Exchange' });
    expect(within(form).queryByLabelText('Domains')).not.toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Name'));
    await fill(within(form).getByLabelText('Name'), 'Sixer Live');
    await userEvent.click(within(form).getByLabelText(/Maintenance \(/));
    await fill(within(form).getByLabelText('Transaction password'), '654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    expect(await within(form).findByText('Transaction password is incorrect')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2));
    const body = api.update.mock.calls[1]?.[0];
    expect(body).toMatchObject({ id: 'sixer', name: 'Sixer Live', maintenance: true });
    expect(body).not.toHaveProperty('domains');
  }, 20_000);
});
