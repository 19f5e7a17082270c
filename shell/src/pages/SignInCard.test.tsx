import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SECURITY_MESSAGES } from '@backlay/shared/contracts';
import { setLanguage } from '@backlay/shared/i18n';
import { SignInCard, signInErrors } from './SignInCard';
import { signIn, signInWithCode } from '../session/sign-in';

jest.mock('../session/sign-in', () => ({ signIn: jest.fn(), signInWithCode: jest.fn() }));
const signInMock = signIn as jest.MockedFunction<typeof signIn>;
const signInWithCodeMock = signInWithCode as jest.MockedFunction<typeof signInWithCode>;

describe('SignInCard', () => {
  beforeEach(() => signInMock.mockReset());

  it('refuses empty fields with the API messages, before any call', async () => {
    const onSignedIn = jest.fn();
    render(<SignInCard area="player" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Username'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in through the session code and hands over the path to go to', async () => {
    signInMock.mockResolvedValue('/admin');
    const onSignedIn = jest.fn();
    render(<SignInCard area="admin" onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { name: 'Agent sign in' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'demo-dl');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Signing in…' });
    expect(signInMock).toHaveBeenCalledWith('admin', { username: 'demo-dl', password: 'secret' });
    expect(onSignedIn).toHaveBeenCalledWith('/admin');
  });

  it("shows the server's refusal and lets the user try again", async () => {
    signInMock.mockRejectedValueOnce(new Error('Invalid username or password'));
    render(<SignInCard area="player" onSignedIn={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Username'), 'demo-user');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('with two-factor on, asks for the code after the password and signs in with it', async () => {
    signInMock.mockResolvedValue({ challenge: 'ch-1' });
    signInWithCodeMock.mockRejectedValueOnce(new Error(SECURITY_MESSAGES.twoFactorCodeInvalid)).mockResolvedValueOnce('/');
    const onSignedIn = jest.fn();
    render(<SignInCard area="player" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Username'), 'demo-user');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorCodeRequired)).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(signInWithCodeMock).toHaveBeenLastCalledWith('player', 'ch-1', 'abcde-fghij');
    expect(onSignedIn).toHaveBeenCalledWith('/');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('signInErrors trims the username only', () => {
    expect(signInErrors({ username: ' a ', password: ' ' })).toEqual({});
    expect(signInErrors({ username: ' ', password: '' })).toEqual({ username: MESSAGES.usernameRequired, password: MESSAGES.passwordRequired });
  });
});

describe('SignInCard in Hindi', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('asks for the username and password in Hindi, and a player can sign in', async () => {
    signInMock.mockResolvedValue('/');
    const onSignedIn = jest.fn();
    render(<SignInCard area="player" onSignedIn={onSignedIn} />);
    await act(() => setLanguage('hi'));
    expect(screen.getByRole('heading', { name: 'साइन इन' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'रजिस्टर करें' })).toHaveAttribute('href', '/register');
    expect(screen.getByText('24X7 सहायता')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('यूज़रनेम'), 'demo-user');
    await userEvent.type(screen.getByLabelText('पासवर्ड'), 'Backlay#2026');
    await userEvent.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(signInMock).toHaveBeenCalledWith('player', { username: 'demo-user', password: 'Backlay#2026' });
    expect(onSignedIn).toHaveBeenCalledWith('/');
  });
});
