import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, setUser, type NewsMessage, type UserInfo } from '@backlay/shared';
import { fakeSites, fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Messages } from './Messages';

const api = withMocks(fakeSportsAdmin, 'messages', 'saveMessage', 'updateMessage');
const sitesApi = withMocks(fakeSites, 'list');
const apis = { sportsAdmin: api, sites: sitesApi };
const site = (id: string, name: string) => ({ id, name }) as Awaited<ReturnType<typeof sitesApi.list>>[number];
const line = (over: Partial<NewsMessage>): NewsMessage => ({ _id: 'n1', text: 'Welcome to Backlay', active: true, createdAt: '2026-11-20T10:00:00Z', siteId: null, ...over });

beforeEach(() => {
  jest.resetAllMocks();
  api.messages.mockResolvedValue([line({}), line({ _id: 'n2', text: 'Old news', active: false })]);
  sitesApi.list.mockResolvedValue([site('backlay', 'Backlay'), site('sixer', 'Sixer Exchange')]);
});

describe('Messages', () => {
  it("the Super Admin chooses the site: this site's players (the default) or every site's; lines show their site", async () => {
    setUser({ username: 'root', role: 'admin' } as UserInfo);
    api.messages.mockResolvedValue([line({}), line({ _id: 'n2', text: 'Sixer cup', siteId: 'sixer' })]);
    api.saveMessage.mockResolvedValue({ data: line({ _id: 'n3', text: 'For all' }), message: 'Message saved' });
    const { unmount } = renderWithApis(<Messages />, apis);
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(table).getByRole('row', { name: /Sixer cup/ })).toHaveTextContent('Sixer Exchange');
    expect(within(table).getByRole('row', { name: /Welcome to Backlay/ })).toHaveTextContent('Every site');
    expect(screen.getByLabelText('Site')).toHaveValue('this');
    await userEvent.type(screen.getByLabelText('Message text'), 'For all');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'Every site');
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await waitFor(() => expect(api.saveMessage).toHaveBeenCalledWith({ text: 'For all', active: true, siteId: null }));
    await waitFor(() => expect(api.messages).toHaveBeenCalledTimes(2));
    // Or one site by name, whichever it signed in on.
    await userEvent.type(screen.getByLabelText('Message text'), 'Sixer only');
    await userEvent.selectOptions(screen.getByLabelText('Site'), 'Sixer Exchange');
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await waitFor(() => expect(api.saveMessage).toHaveBeenLastCalledWith({ text: 'Sixer only', active: true, siteId: 'sixer' }));
    unmount();
    setUser(null);
  });

  it('an Admin has no Site select: its lines are its own site\'s', async () => {
    setUser({ username: 'sadmin', role: 'sadmin' } as UserInfo);
    const { unmount } = renderWithApis(<Messages />, apis);
    await screen.findByRole('table', { name: 'Messages' });
    expect(screen.queryByLabelText('Site')).not.toBeInTheDocument();
    unmount();
    setUser(null);
  });

  it('lists every line with its state', async () => {
    renderWithApis(<Messages />, apis);
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(within(table).getByRole('row', { name: /Welcome to Backlay/ })).getByText('Shown')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Old news/ })).getByText('Hidden')).toBeInTheDocument();
  });

  it('adds a line: text required, then save-message with the switch', async () => {
    api.saveMessage.mockResolvedValue({ data: line({ _id: 'n3', text: 'IPL final tonight' }), message: 'Message saved' });
    renderWithApis(<Messages />, apis);
    await screen.findByRole('table', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    expect(await screen.findByText(MESSAGES.messageTextRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message text'), '  IPL final tonight ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show to players' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await waitFor(() => expect(api.saveMessage).toHaveBeenCalledWith({ text: 'IPL final tonight', active: false }));
    await waitFor(() => expect(api.messages).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Message text')).toHaveValue('');
  });

  it('edits a line in a dialog and switches lines on and off', async () => {
    api.updateMessage.mockResolvedValue({ data: line({}), message: 'Message updated' });
    renderWithApis(<Messages />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit message: Welcome to Backlay' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit message' });
    await userEvent.clear(within(dialog).getByLabelText('Message text'));
    await userEvent.type(within(dialog).getByLabelText('Message text'), 'Welcome back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save message' }));
    await waitFor(() => expect(api.updateMessage).toHaveBeenCalledWith({ _id: 'n1', text: 'Welcome back', active: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Activate message: Old news' }));
    expect(api.updateMessage).toHaveBeenLastCalledWith({ _id: 'n2', active: true });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate message: Welcome to Backlay' }));
    expect(api.updateMessage).toHaveBeenLastCalledWith({ _id: 'n1', active: false });
  });

  it('sorts by a header in the browser and narrows by a search of the text', async () => {
    api.messages.mockResolvedValue([line({}), line({ _id: 'n2', text: 'Old news', active: false, createdAt: '2026-10-01T10:00:00Z' }), line({ _id: 'n3', text: 'IPL final tonight', createdAt: '2026-11-25T10:00:00Z' })]);
    renderWithApis(<Messages />, apis);
    const table = await screen.findByRole('table', { name: 'Messages' });
    const texts = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(texts()).toEqual(['Welcome to Backlay', 'Old news', 'IPL final tonight']);
    const added = within(table).getByRole('columnheader', { name: 'Added' });
    await userEvent.click(within(added).getByRole('button', { name: 'Added' }));
    expect(added).toHaveAttribute('aria-sort', 'ascending');
    expect(texts()).toEqual(['Old news', 'Welcome to Backlay', 'IPL final tonight']);
    await userEvent.click(within(added).getByRole('button', { name: 'Added' }));
    expect(texts()).toEqual(['IPL final tonight', 'Welcome to Backlay', 'Old news']);
    await userEvent.click(within(table).getByRole('button', { name: 'Message' }));
    expect(texts()).toEqual(['IPL final tonight', 'Old news', 'Welcome to Backlay']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'news');
    await waitFor(() => expect(texts()).toEqual(['Old news']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), ' none');
    expect(await screen.findByText('No message matches the search.')).toBeInTheDocument();
    expect(api.messages).toHaveBeenCalledTimes(1);
  });
});
