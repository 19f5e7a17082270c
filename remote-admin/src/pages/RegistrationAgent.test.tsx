import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeRegistration, renderWithApis, withMocks } from '@backlay/shared/testing';
import { RegistrationAgent } from './RegistrationAgent';

const api = withMocks(fakeRegistration, 'agent', 'saveAgent');
const apis = { registration: api };

beforeEach(() => {
  jest.resetAllMocks();
  api.agent.mockResolvedValue({ siteId: 'sixer', username: null });
});

describe('RegistrationAgent', () => {
  it("saves this site's agent with the transaction password; the server's refusal stays in the dialog", async () => {
    api.saveAgent.mockRejectedValueOnce(new Error('The registration agent must be a DL of this site')).mockResolvedValue({ data: { siteId: 'sixer', username: 'dl-7' }, message: 'Registration agent saved' });
    renderWithApis(<RegistrationAgent />, apis);
    expect(await screen.findByTestId('registration-agent')).toHaveTextContent('the configured agent');
    await userEvent.type(screen.getByLabelText('DL username'), ' dl-7 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Save the registration agent' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('must be a DL of this site');
    api.agent.mockResolvedValue({ siteId: 'sixer', username: 'dl-7' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.saveAgent).toHaveBeenLastCalledWith({ username: 'dl-7', transactionPassword: '123456' });
    expect(await screen.findByTestId('registration-agent')).toHaveTextContent('dl-7');
  });

  it('an empty name sets it back to the configured agent', async () => {
    api.agent.mockResolvedValue({ siteId: 'sixer', username: 'dl-7' });
    api.saveAgent.mockResolvedValue({ data: { siteId: 'sixer', username: null }, message: 'Registration agent saved' });
    renderWithApis(<RegistrationAgent />, apis);
    await userEvent.clear(await screen.findByLabelText('DL username'));
    await userEvent.click(screen.getByRole('button', { name: 'Save agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Save the registration agent' });
    expect(dialog).toHaveTextContent('New players go under the configured agent.');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveAgent).toHaveBeenCalledWith({ username: null, transactionPassword: '123456' }));
  });
});
