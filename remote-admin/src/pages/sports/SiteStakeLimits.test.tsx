import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGES } from '@backlay/shared';
import { fakeSportsAdmin, renderWithApis, withMocks } from '@backlay/shared/testing';
import { SiteStakeLimits } from './SiteStakeLimits';

const api = withMocks(fakeSportsAdmin, 'siteLimits', 'saveSiteLimits');
const apis = { sportsAdmin: api };

const minField = () => screen.getByLabelText('Minimum stake on this site');
const maxField = () => screen.getByLabelText('Maximum stake on this site');

beforeEach(() => {
  jest.resetAllMocks();
  api.siteLimits.mockResolvedValue({ siteId: 'sixer', minStake: null, maxStake: null });
});

describe('SiteStakeLimits', () => {
  it("saves this site's limits after the transaction password and reads them again", async () => {
    api.saveSiteLimits.mockResolvedValue({ data: { siteId: 'sixer', minStake: 50, maxStake: 500.5 }, message: 'Stake limits of this site saved' });
    renderWithApis(<SiteStakeLimits />, apis);
    expect(await screen.findByLabelText('Minimum stake on this site')).toHaveValue('');
    await userEvent.type(minField(), '50');
    await userEvent.type(maxField(), '500.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save site limits' }));
    const dialog = screen.getByRole('dialog', { name: 'Stake limits on this site' });
    expect(dialog).toHaveTextContent('Minimum ₹50, maximum ₹500.5');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveSiteLimits).toHaveBeenCalledWith({ siteId: 'sixer', minStake: 50, maxStake: 500.5, transactionPassword: '123456' }));
    await waitFor(() => expect(api.siteLimits).toHaveBeenCalledTimes(2));
  });

  it("an emptied field is the market's own (null)", async () => {
    api.siteLimits.mockResolvedValue({ siteId: 'backlay', minStake: 10, maxStake: 500 });
    api.saveSiteLimits.mockResolvedValue({ data: { siteId: 'backlay', minStake: 10, maxStake: null }, message: 'Stake limits of this site saved' });
    renderWithApis(<SiteStakeLimits />, apis);
    expect(await screen.findByLabelText('Maximum stake on this site')).toHaveValue('500');
    await userEvent.clear(maxField());
    await userEvent.click(screen.getByRole('button', { name: 'Save site limits' }));
    const dialog = screen.getByRole('dialog', { name: 'Stake limits on this site' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveSiteLimits).toHaveBeenCalledWith({ siteId: 'backlay', minStake: 10, maxStake: null, transactionPassword: '123456' }));
  });

  it('refuses a bad amount and a minimum above the maximum before asking for the password', async () => {
    renderWithApis(<SiteStakeLimits />, apis);
    await userEvent.type(await screen.findByLabelText('Minimum stake on this site'), '10.001');
    await userEvent.click(screen.getByRole('button', { name: 'Save site limits' }));
    expect(await screen.findByText(/at most two decimals/)).toBeInTheDocument();
    await userEvent.clear(minField());
    await userEvent.type(minField(), '600');
    await userEvent.type(maxField(), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save site limits' }));
    expect(await screen.findByText(MESSAGES.stakeLimitsInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.saveSiteLimits).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    api.saveSiteLimits.mockRejectedValue(new ApiError('An Admin manages only its own site', 403, 'FORBIDDEN'));
    renderWithApis(<SiteStakeLimits />, apis);
    await userEvent.type(await screen.findByLabelText('Maximum stake on this site'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save site limits' }));
    const dialog = screen.getByRole('dialog', { name: 'Stake limits on this site' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An Admin manages only its own site');
  });

  it('shows nothing when the caller manages no site (the read is refused)', async () => {
    api.siteLimits.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'FORBIDDEN'));
    renderWithApis(<SiteStakeLimits />, apis);
    await waitFor(() => expect(api.siteLimits).toHaveBeenCalled());
    expect(screen.queryByLabelText('Minimum stake on this site')).not.toBeInTheDocument();
  });
});
