import type { CaptchaChallenge, CaptchaSolution } from '@backlay/shared/contracts';
import { t } from '../i18n/pages';

/** Hex SHA-256 of a text with Web Crypto. */
async function sha256Hex(subtle: SubtleCrypto, text: string): Promise<string> {
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Solves the API's proof-of-work captcha (ADR 0017) in the browser: tries numbers from 0 until
 * SHA-256(salt + number) is the challenge, and answers the `captcha` field of user-register
 * (base64 of the solution's JSON). A few hundred milliseconds on a phone; nothing leaves the page.
 */
export async function solveProofOfWork(challenge: CaptchaChallenge, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if ((await sha256Hex(subtle, challenge.salt + String(number))) === challenge.challenge) {
      const solution: CaptchaSolution = { algorithm: 'SHA-256', challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
      return btoa(JSON.stringify(solution));
    }
  }
  throw new Error(t('register.captchaUnsolved'));
}
