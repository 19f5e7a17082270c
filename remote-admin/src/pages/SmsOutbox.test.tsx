import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { fakeRegistration, renderWithApis, withMocks } from '@backlay/shared/testing';
import { SmsOutbox } from './SmsOutbox';

const registration = withMocks(fakeRegistration, 'smsOutbox');
const apis = { registration };

const smsOutbox = jest.mocked(registration.smsOutbox);
const row = (id: number) => ({ id, phone: '9876543210', purpose: 'register', body: `${100000 + id} is your Backlay verification code.`, createdAt: '2026-01-01T10:00:00.000Z' });

describe('SmsOutbox', () => {
  it('lists the messages newest first, as the API sends them, and pages through them', async () => {
    smsOutbox.mockResolvedValueOnce({ rows: [row(30), row(29)], total: 30, page: 1, limit: 25 });
    renderWithApis(<SmsOutbox />, apis);
    const table = await screen.findByRole('table', { name: 'SMS outbox' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual([
      '100030 is your Backlay verification code.',
      '100029 is your Backlay verification code.',
    ]);
    expect(smsOutbox).toHaveBeenCalledWith({ page: 1, limit: 25 });
    smsOutbox.mockResolvedValueOnce({ rows: [row(5)], total: 30, page: 2, limit: 25 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('100005 is your Backlay verification code.')).toBeInTheDocument();
    expect(smsOutbox).toHaveBeenLastCalledWith({ page: 2, limit: 25 });
  });

  it('says so when there is no message', async () => {
    smsOutbox.mockResolvedValueOnce({ rows: [], total: 0, page: 1, limit: 25 });
    renderWithApis(<SmsOutbox />, apis);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('sorts by a header and searches a phone number on the server, from page 1', async () => {
    smsOutbox.mockImplementation(async (q) => ({
      rows: q.search === '000' ? [] : q.sort === 'phone' ? [{ ...row(2), phone: '9000000001' }, row(1)] : [row(1), { ...row(2), phone: '9000000001' }],
      total: 30,
      page: q.page ?? 1,
      limit: 25,
    }));
    renderWithApis(<SmsOutbox />, apis);
    await screen.findByRole('table', { name: 'SMS outbox' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(smsOutbox).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
    const phone = screen.getByRole('columnheader', { name: 'Phone' });
    expect(phone).toHaveAttribute('aria-sort', 'none');
    // The message itself is not a column to sort by.
    expect(within(screen.getByRole('columnheader', { name: 'Message' })).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(phone).getByRole('button', { name: 'Phone' }));
    await waitFor(() => expect(smsOutbox).toHaveBeenLastCalledWith({ page: 1, limit: 25, search: undefined, sort: 'phone', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toHaveAttribute('aria-sort', 'ascending');
    const table = screen.getByRole('table', { name: 'SMS outbox' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['9000000001', '9876543210']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search phone numbers' }), '000');
    await waitFor(() => expect(smsOutbox).toHaveBeenLastCalledWith({ page: 1, limit: 25, search: '000', sort: 'phone', order: 'asc' }), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(await screen.findByText('No message to a matching phone number.')).toBeInTheDocument();
  });
});
