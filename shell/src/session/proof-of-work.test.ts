import { createHash, webcrypto } from 'node:crypto';
import { solveProofOfWork } from './proof-of-work';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('solveProofOfWork', () => {
  it('finds the number behind the challenge and answers base64 of the solution', async () => {
    const salt = `${'ab'.repeat(12)}?expires=1999999999`;
    const challenge = { algorithm: 'SHA-256' as const, challenge: sha256(`${salt}137`), salt, maxnumber: 500, signature: 'f'.repeat(64) };
    const answer = await solveProofOfWork(challenge, webcrypto.subtle as unknown as SubtleCrypto);
    expect(JSON.parse(Buffer.from(answer, 'base64').toString('utf8'))).toEqual({
      algorithm: 'SHA-256', challenge: challenge.challenge, number: 137, salt, signature: challenge.signature,
    });
  });

  it('gives up past maxnumber', async () => {
    const challenge = { algorithm: 'SHA-256' as const, challenge: sha256('x9999'), salt: 'x', maxnumber: 20, signature: 'f'.repeat(64) };
    await expect(solveProofOfWork(challenge, webcrypto.subtle as unknown as SubtleCrypto)).rejects.toThrow(/could not be solved/);
  });
});
