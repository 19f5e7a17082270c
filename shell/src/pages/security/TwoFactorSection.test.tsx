import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SECURITY_MESSAGES, type TwoFactorStatus } from '@backlay/shared';
import { fakeSecurity, renderWithApis, withMocks } from '@backlay/shared/testing';
import { groupSecret, TwoFactorSection } from './TwoFactorSection';

const security = withMocks(fakeSecurity, 'status', 'enrol', 'confirm', 'disable');
const apis = { security };

const off: TwoFactorStatus = { enabled: false, pending: false, recoveryCodesLeft: 0, required: false };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('TwoFactorSection', () => {
  afterEach(() => jest.resetAllMocks());

  it('sets up: QR code drawn locally, the secret in text, a labelled code field, then the recovery codes once', async () => {
    security.status.mockResolvedValue(off);
    security.enrol.mockResolvedValue({
      data: { secret: SECRET, otpauthUri: `otpauth://totp/Backlay:demo?secret=${SECRET}&issuer=Backlay` },
      message: SECURITY_MESSAGES.twoFactorEnrolStarted,
    });
    const confirm = security.confirm
      .mockRejectedValueOnce(new Error(SECURITY_MESSAGES.twoFactorCodeInvalid))
      .mockResolvedValueOnce({ data: { recoveryCodes: CODES }, message: SECURITY_MESSAGES.twoFactorEnabled });
    const onStatus = jest.fn();
    renderWithApis(<TwoFactorSection onStatus={onStatus} />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(onStatus).toHaveBeenCalledWith(off);

    const qr = await screen.findByRole('img', { name: 'QR code of your two-factor secret' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(groupSecret(SECRET));

    const field = screen.getByLabelText('Code from the app');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorCodeRequired)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const region = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(confirm).toHaveBeenLastCalledWith({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with the password and a code', async () => {
    security.status.mockResolvedValue({ enabled: true, pending: false, recoveryCodesLeft: 7, required: false });
    const disable = security.disable.mockResolvedValue({ data: null, message: SECURITY_MESSAGES.twoFactorDisabled });
    renderWithApis(<TwoFactorSection />, apis);
    expect(await screen.findByText(/Recovery codes left: 7/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(disable).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.type(screen.getByLabelText('Code from the app or a recovery code'), ' 654321 ');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(disable).toHaveBeenCalledWith({ password: 'Secret#1', code: '654321' }));
  });

  it('tells an agent whose role requires it to set it up', async () => {
    security.status.mockResolvedValue({ ...off, required: true });
    renderWithApis(<TwoFactorSection />, apis);
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorEnrolRequired)).toBeInTheDocument();
  });
});
