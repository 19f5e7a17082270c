/**
 * A new idempotency key for one submission of a money-moving form (a UUID v4). Browsers give
 * crypto.randomUUID only in secure contexts; elsewhere the key is built from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How many times a money-moving call whose answer was lost (network) is sent again with the same key. */
export const NETWORK_RETRIES = 1;
/** Wait before that automatic retry. */
export const NETWORK_RETRY_DELAY_MS = 1_000;

/**
 * Send a money-moving call, and send it again (once by default) when its answer is lost: a network
 * failure, after which the call may or may not have been applied. `send` must carry the same
 * Idempotency-Key every time, so the server applies it at most once; every other refusal is final.
 */
export async function retryOnNetworkLoss<T>(send: () => Promise<T>, retries = NETWORK_RETRIES, delayMs = NETWORK_RETRY_DELAY_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'NETWORK' || attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** The Idempotency-Keys of one form's submissions (see `createSubmissionKeys`). */
export interface SubmissionKeys {
  /** The key to send `body` (the request as text) with. */
  keyFor(body: string): string;
  /** After the answer: `outcomeUnknown` (a lost answer) keeps the key for the same body. */
  settle(body: string, key: string, outcomeUnknown: boolean): void;
}

/**
 * A new key per submission, except that the very same request sent again after its answer was
 * lost reuses that submission's key: the first one may have been applied, and the server then
 * answers the retry with its result instead of applying it twice. A changed request gets a new key.
 */
export function createSubmissionKeys(): SubmissionKeys {
  let unknown: { body: string; key: string } | null = null;
  return {
    keyFor: (body) => (unknown?.body === body ? unknown.key : newIdempotencyKey()),
    settle: (body, key, outcomeUnknown) => {
      unknown = outcomeUnknown ? { body, key } : null;
    },
  };
}
