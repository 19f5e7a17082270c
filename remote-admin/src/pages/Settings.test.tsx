import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Settings } from './Settings';
import { fakeSettings, renderWithApis, withMocks } from '@backlay/shared/testing';

const api = withMocks(fakeSettings, 'list', 'save');
const apis = { settings: api };

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([{ key: 'maintenance', value: 'false' }]);
});

describe('Settings', () => {
  it('turns maintenance on only with the transaction password; the refusal stays in the dialog', async () => {
    api.save.mockRejectedValueOnce(new Error('Transaction password is incorrect')).mockResolvedValue({ data: [{ key: 'maintenance', value: 'true' }], message: 'Settings saved' });
    renderWithApis(<Settings />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn maintenance on' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn maintenance on' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('Transaction password is required')).toBeInTheDocument();
    expect(api.save).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction password is incorrect');
    expect(screen.getByTestId('maintenance-state')).toHaveTextContent('off');
    await userEvent.clear(within(dialog).getByLabelText('Transaction password'));
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.save).toHaveBeenLastCalledWith({ settingList: [{ key: 'maintenance', value: 'true' }], transactionPassword: '123456' });
    expect(screen.getByTestId('maintenance-state')).toHaveTextContent('on');
  });
});
