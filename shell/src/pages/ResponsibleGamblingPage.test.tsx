import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { on, RG_LIMIT_TYPES, type ResponsibleGamblingView } from '@backlay/shared';
import { fakeResponsibleGambling, renderWithApis, withMocks } from '@backlay/shared/testing';
import { limitStatus, ResponsibleGamblingPage } from './ResponsibleGamblingPage';

const responsibleGambling = withMocks(fakeResponsibleGambling, 'own', 'setLimit', 'timeOut', 'downline');
const apis = { responsibleGambling };

const empty: ResponsibleGamblingView = {
  limits: RG_LIMIT_TYPES.map((type) => ({ type, amount: null, pending: null })),
  realityCheckMinutes: null,
  exclusion: null,
};
const withLimit = (type: string, amount: number | null, pending: ResponsibleGamblingView['limits'][number]['pending'] = null): ResponsibleGamblingView => ({
  ...empty,
  limits: empty.limits.map((l) => (l.type === type ? { ...l, amount, pending } : l)),
});

describe('ResponsibleGamblingPage (player)', () => {
  afterEach(() => jest.resetAllMocks());

  it('shows each limit with a labelled input; validates; saves and shows the pending increase with its time', async () => {
    responsibleGambling.own.mockResolvedValue(withLimit('deposit_day', 1000));
    const save = responsibleGambling.setLimit.mockResolvedValue({
      data: withLimit('deposit_day', 1000, { amount: 5000, effectiveAt: '2026-11-26T10:00:00.000Z' }),
      message: 'Limit change saved: it applies in 24 hours',
    });
    renderWithApis(<ResponsibleGamblingPage area="player" />, apis);
    const field = await screen.findByLabelText('Daily deposit limit (₹)');
    expect(screen.getByTestId('rg-deposit_day-status')).toHaveTextContent('Current: ₹1,000.00');
    for (const label of ['Weekly deposit limit (₹)', 'Monthly deposit limit (₹)', 'Daily loss limit (₹)', 'Weekly loss limit (₹)', 'Monthly loss limit (₹)', 'Maximum stake per bet (₹)']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const form = screen.getByRole('form', { name: 'Daily deposit limit' });
    await userEvent.type(field, '12.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a whole number of rupees')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '5000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ type: 'deposit_day', amount: 5000 }));
    expect(await screen.findByText(/Increase to ₹5,000\.00 pending: takes effect/)).toBeInTheDocument();
  });

  it('a time-out needs the confirmation that it cannot be undone', async () => {
    responsibleGambling.own.mockResolvedValue(empty);
    const timeOut = responsibleGambling.timeOut.mockResolvedValue({
      data: { ...empty, exclusion: { kind: 'time_out', startsAt: '2026-11-25T10:00:00.000Z', endsAt: '2026-12-02T10:00:00.000Z' } },
      message: 'Time-out started',
    });
    const published: ResponsibleGamblingView[] = [];
    const sub = on('rg.settingsChanged').subscribe((view) => published.push(view));
    renderWithApis(<ResponsibleGamblingPage area="player" />, apis);
    await userEvent.selectOptions(await screen.findByLabelText('Time-out length'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Take a time-out' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm time-out' });
    expect(dialog).toHaveTextContent('Time-out for 1 week, starting now. It cannot be undone or shortened.');
    const start = within(dialog).getByRole('button', { name: 'Start time-out' });
    expect(start).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('I understand this cannot be undone'));
    await userEvent.click(start);
    await waitFor(() => expect(timeOut).toHaveBeenCalledWith({ days: 7, confirm: true }));
    // The layout's banner says it (RgBanner): the page tells it what the server answered.
    await waitFor(() => expect(published).toEqual([expect.objectContaining({ exclusion: expect.objectContaining({ kind: 'time_out' }) })]));
    sub.unsubscribe();
  });

  it('words a pending removal', () => {
    expect(limitStatus({ type: 'stake', amount: 100, pending: { amount: null, effectiveAt: '2026-11-26T10:00:00.000Z' } })).toMatch(/^Current: ₹100\.00\. Removal pending: takes effect /);
  });
});

describe('ResponsibleGamblingPage (agent)', () => {
  afterEach(() => jest.resetAllMocks());

  it('lists the downline read-only, filtered by username', async () => {
    const downline = responsibleGambling.downline.mockResolvedValue([
      { userId: 'u1', username: 'player1', ...withLimit('stake', 500), exclusion: { kind: 'self_exclusion', startsAt: '2026-11-25T10:00:00.000Z', endsAt: '2027-05-25T10:00:00.000Z' } },
    ]);
    renderWithApis(<ResponsibleGamblingPage area="admin" />, apis);
    const table = await screen.findByRole('table', { name: 'Downline limits' });
    expect(within(table).getByText('player1')).toBeInTheDocument();
    expect(within(table).getByText(/^Self-excluded until/)).toBeInTheDocument();
    expect(within(table).getByText('₹500.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'player1');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(downline).toHaveBeenLastCalledWith({ username: 'player1' }));
  });
});
