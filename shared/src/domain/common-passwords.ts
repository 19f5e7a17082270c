/**
 * The common-password list of the password policy (ADR 0012): 100,000 passwords of 8 to 64
 * characters, shipped with the product (common-passwords.data.ts, sorted and front-coded), never
 * downloaded. The API imports the data at start ('@backlay/shared/common-passwords'); the browser
 * loads it on demand (loadCommonPasswordCheck, its own chunk of about 0.25 MB gzipped), only on
 * the forms that set a password.
 */
import { checkPasswordPolicy, comparablePassword, type CommonPasswordCheck, type PasswordPolicyContext } from './password-policy';

/** Decodes the front-coded list: each line is the length of the prefix shared with the line before (0–9) and the rest. */
export function decodeCommonPasswords(encoded: string): Set<string> {
  const words = new Set<string>();
  let previous = '';
  for (const line of encoded.split('\n')) {
    if (line.length === 0) continue;
    const shared = line.charCodeAt(0) - 48;
    const word = previous.slice(0, shared) + line.slice(1);
    words.add(word);
    previous = word;
  }
  return words;
}

/** A check against an encoded list; the set is built on first use. */
export function commonPasswordCheck(encoded: string): CommonPasswordCheck {
  let words: Set<string> | null = null;
  return (password) => {
    words ??= decodeCommonPasswords(encoded);
    return words.has(comparablePassword(password));
  };
}

let loading: Promise<CommonPasswordCheck> | null = null;

/** The shipped list as a check, loaded once (a separate chunk in the browser). */
export function loadCommonPasswordCheck(): Promise<CommonPasswordCheck> {
  loading ??= import('./common-passwords.data').then(
    (data) => commonPasswordCheck(data.COMMON_PASSWORDS_ENCODED),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading the list ahead of the first check (a form that sets a password calls it when it
 * opens), so the first validation, a press of the submit button included, does not wait for the
 * chunk. A failed load is left to the check, which retries it.
 */
export function preloadPasswordPolicy(): void {
  loadCommonPasswordCheck().catch(() => undefined);
}

/**
 * How long a preview waits for the list. A form's submit waits for its validation, so a list
 * slow to come (a 0.5 MB chunk on a starved machine or a bad network) must not hold the submit:
 * CI saw "Create site" and "Change password" send nothing for 10–30 s.
 */
export const COMMON_LIST_WAIT_MS = 5_000;

/**
 * The forms' preview of the policy: checkPasswordPolicy with the shipped list, loaded on first
 * use. Should the list fail to load (a network error), or not be here within `waitMs`, the preview
 * checks the other rules and leaves the list to the server, which always checks it.
 */
export async function previewPasswordPolicy(
  password: string,
  context: PasswordPolicyContext,
  { load = loadCommonPasswordCheck, waitMs = COMMON_LIST_WAIT_MS }: { load?: () => Promise<CommonPasswordCheck>; waitMs?: number } = {},
): Promise<string | null> {
  const leftToServer: CommonPasswordCheck = () => false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const isCommon = await Promise.race([
    load().catch(() => leftToServer),
    new Promise<CommonPasswordCheck>((resolve) => {
      timer = setTimeout(() => resolve(leftToServer), waitMs);
    }),
  ]);
  clearTimeout(timer);
  return checkPasswordPolicy(password, context, isCommon);
}
