import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, MESSAGES, type UserInfo } from '@backlay/shared';
import { fakeRegistration, renderWithApis, withMocks } from '@backlay/shared/testing';
import { REGISTER_MESSAGES } from '@backlay/shared/contracts';
import { completeLogin } from '../session/session';
import { RegisterPage } from './RegisterPage';

jest.mock('../session/session', () => ({ completeLogin: jest.fn() }));
jest.mock('../session/proof-of-work', () => ({ solveProofOfWork: jest.fn(async () => 'solved-captcha') }));

const api = withMocks(fakeRegistration, 'sendOtp', 'captchaChallenge', 'register', 'smsOutbox');
const apis = { registration: api };
const user: UserInfo = {
  _id: 'u1', username: 'newbie', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 10000, exposer: 0,
  changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
};
const login = { token: 't', refreshToken: 'r', role: 'user' as const, _id: 'u1', username: 'newbie', sessionId: 's1', changePassAndTxn: false, lastLoginAt: null };

function renderPage() {
  renderWithApis(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

async function fill(fields: { username?: string; password?: string; phone?: string }) {
  if (fields.username) await userEvent.type(screen.getByLabelText('Username'), fields.username);
  if (fields.password) await userEvent.type(screen.getByLabelText('Password'), fields.password);
  if (fields.phone) await userEvent.type(screen.getByLabelText('Phone'), fields.phone);
}

const CHALLENGE = { algorithm: 'SHA-256', challenge: 'c', salt: 's', maxnumber: 10, signature: 'g' } as const;

beforeEach(() => {
  jest.clearAllMocks();
  // Every send and register fetches a captcha challenge first (solved by the mocked proof of work).
  api.captchaChallenge.mockResolvedValue(CHALLENGE);
  localStorage.clear();
  // A desktop viewport: a player lands on the home page (docs/rules/product.md §4).
  window.matchMedia = jest.fn(() => ({ matches: false }) as unknown as MediaQueryList);
});

describe('RegisterPage', () => {
  it('has the labelled fields, the OTP disabled until a send, the links and the captcha notice', () => {
    renderPage();
    for (const label of ['Username', 'Password', 'Phone', 'OTP']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('OTP')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Responsible gaming' })).toHaveAttribute('href', '/responsible-gaming');
    expect(screen.getByText('24X7 Support')).toBeInTheDocument();
    expect(screen.getByText(/proof-of-work check/)).toBeInTheDocument();
    expect(screen.queryByText(/reCAPTCHA/i)).toBeNull();
  });

  it('asks for the phone before sending an OTP', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(REGISTER_MESSAGES.enterPhoneFirst)).toBeInTheDocument();
    expect(api.sendOtp).not.toHaveBeenCalled();
  });

  it('after a successful send (captcha solved first): the message, Resend OTP, and the OTP field enabled', async () => {
    api.sendOtp.mockResolvedValue({ data: { success: true, resendAfterSec: 60, nonce: 'send-nonce' }, message: REGISTER_MESSAGES.otpSent });
    renderPage();
    await fill({ phone: '9876543210' });
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REGISTER_MESSAGES.otpSent);
    expect(api.sendOtp).toHaveBeenCalledWith({ phone: '9876543210', captcha: 'solved-captcha' });
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
    expect(screen.getByLabelText('OTP')).toBeEnabled();
  });

  it.each([
    ['the server message', new ApiError('Too many OTPs were sent to this number. Please try again later.', 429, 'RATE_LIMITED'), 'Too many OTPs were sent to this number. Please try again later.'],
    ['Failed to send OTP without one', new ApiError('', 500, 'INTERNAL'), REGISTER_MESSAGES.otpSendFailed],
    ['Failed to send OTP when the server fails (not its generic message)', new ApiError(MESSAGES.internal, 500, 'INTERNAL'), REGISTER_MESSAGES.otpSendFailed],
    ['Error sending OTP on a network error', new ApiError('Network Error', 0, 'NETWORK'), REGISTER_MESSAGES.otpSendError],
  ])('a failed send shows %s and keeps the OTP field closed', async (_name, error, message) => {
    api.sendOtp.mockRejectedValue(error);
    renderPage();
    await fill({ phone: '9876543210' });
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('OTP')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
  });

  it('requires username, password and phone', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('asks to verify the phone first, then for the OTP', async () => {
    api.sendOtp.mockResolvedValue({ data: { success: true, resendAfterSec: 60, nonce: 'send-nonce' }, message: REGISTER_MESSAGES.otpSent });
    renderPage();
    await fill({ username: 'newbie', password: 'a long passphrase', phone: '9876543210' });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(REGISTER_MESSAGES.verifyPhoneFirst)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('button', { name: 'Resend OTP' });
    // The phone is verified now: the notice that said otherwise is gone.
    expect(screen.queryByText(REGISTER_MESSAGES.verifyPhoneFirst)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(REGISTER_MESSAGES.enterOtp)).toBeInTheDocument();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('registers with the solved captcha, starts the session as login does and lands on home', async () => {
    api.sendOtp.mockResolvedValue({ data: { success: true, resendAfterSec: 60, nonce: 'send-nonce' }, message: REGISTER_MESSAGES.otpSent });
    api.captchaChallenge.mockResolvedValue({ algorithm: 'SHA-256', challenge: 'c', salt: 's', maxnumber: 10, signature: 'g' });
    api.register.mockResolvedValue({ data: login, message: REGISTER_MESSAGES.registered });
    jest.mocked(completeLogin).mockResolvedValue(user);
    renderPage();
    await fill({ username: ' newbie ', password: 'a long passphrase', phone: '+91 98765 43210' });
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await userEvent.type(await screen.findByLabelText('OTP'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(api.register).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'newbie', password: 'a long passphrase', phone: '+91 98765 43210', otp: '123456', nonce: 'send-nonce', isDemo: false, captcha: 'solved-captcha' }),
    );
    expect(completeLogin).toHaveBeenCalledWith('player', login);
  });

  it('shows the server message when registering fails', async () => {
    api.sendOtp.mockResolvedValue({ data: { success: true, resendAfterSec: 60, nonce: 'send-nonce' }, message: REGISTER_MESSAGES.otpSent });
    api.captchaChallenge.mockResolvedValue({ algorithm: 'SHA-256', challenge: 'c', salt: 's', maxnumber: 10, signature: 'g' });
    api.register.mockRejectedValue(new ApiError(REGISTER_MESSAGES.otpInvalid, 400, 'VALIDATION'));
    renderPage();
    await fill({ username: 'newbie', password: 'a long passphrase', phone: '9876543210' });
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await userEvent.type(await screen.findByLabelText('OTP'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(REGISTER_MESSAGES.otpInvalid)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled());
    expect(completeLogin).not.toHaveBeenCalled();
  });
});
