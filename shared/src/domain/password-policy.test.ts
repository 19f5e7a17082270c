import { MESSAGES } from '../contracts/messages';
import { COMMON_LIST_WAIT_MS, commonPasswordCheck, decodeCommonPasswords, loadCommonPasswordCheck, previewPasswordPolicy } from './common-passwords';
import { COMMON_PASSWORD_COUNT, COMMON_PASSWORDS_ENCODED } from './common-passwords.data';
import { checkPasswordPolicy, passwordLength } from './password-policy';

const none = () => false;

describe('checkPasswordPolicy (NIST SP 800-63B: length and a blocklist, no composition rules)', () => {
  it.each([
    ['seven77', {}, MESSAGES.passwordTooShort],
    ['x'.repeat(65), {}, MESSAGES.passwordTooLong],
    ['hello-Demo-User!', { username: 'demo-user' }, MESSAGES.passwordContainsUsername],
    ['same-old-pass', { previousPassword: 'same-old-pass' }, MESSAGES.passwordSameAsOld],
    ['eightchr', {}, null],
    ['all lower case words', {}, null],
    ['ÆØÅ æøå ü 漢字', {}, null],
    ['Backlay#2026', { username: 'demo-user', previousPassword: 'Old#Pass1' }, null],
  ])('%j %j → %j', (password, context, expected) => {
    expect(checkPasswordPolicy(password, context, none)).toBe(expected);
  });

  it('asks the list last', () => {
    const seen: string[] = [];
    const list = (p: string) => {
      seen.push(p);
      return true;
    };
    expect(checkPasswordPolicy('short', {}, list)).toBe(MESSAGES.passwordTooShort);
    expect(seen).toEqual([]);
    expect(checkPasswordPolicy('whatever1', {}, list)).toBe(MESSAGES.passwordTooCommon);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(passwordLength('🐎🐎')).toBe(2);
    expect(checkPasswordPolicy('🐎'.repeat(8), {}, none)).toBeNull();
  });
});

describe('the common-password list', () => {
  it('decodes the front-coded form', () => {
    expect([...decodeCommonPasswords('0abc\n2d\n1xy\n0zz')]).toEqual(['abc', 'abd', 'axy', 'zz']);
  });

  it('ships 100,000 passwords and checks them case-insensitively', async () => {
    expect(COMMON_PASSWORD_COUNT).toBe(100_000);
    const words = decodeCommonPasswords(COMMON_PASSWORDS_ENCODED);
    expect(words.size).toBe(100_000);
    // One assertion over the whole list (an expect per word cost seconds): every word is a password the policy's length admits, in lower case.
    expect([...words].filter((word) => !(passwordLength(word) >= 8 && passwordLength(word) <= 64 && word === word.toLowerCase()))).toEqual([]);
    const isCommon = await loadCommonPasswordCheck();
    expect(isCommon('password')).toBe(true);
    expect(isCommon('PASSWORD')).toBe(true);
    expect(isCommon('Backlay#2026')).toBe(false);
    expect(commonPasswordCheck('0abc')('ABC')).toBe(true);
  });
});

describe("a form's preview of the policy (previewPasswordPolicy)", () => {
  afterEach(() => jest.useRealTimers());

  it('names a common password once the list is here', async () => {
    expect(await previewPasswordPolicy('password1', { username: 'someone', previousPassword: null }, { load: async () => commonPasswordCheck('0password1\n') })).toBe(MESSAGES.passwordTooCommon);
  });

  it('does not hold a submit for a list that is slow to come: after the wait it checks the other rules and leaves the list to the server', async () => {
    jest.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const common = previewPasswordPolicy('password1', { username: 'someone', previousPassword: null }, { load: never });
    const short = previewPasswordPolicy('short', { username: 'someone', previousPassword: null }, { load: never });
    await jest.advanceTimersByTimeAsync(COMMON_LIST_WAIT_MS);
    await expect(common).resolves.toBeNull();
    await expect(short).resolves.not.toBeNull();
  });
});
