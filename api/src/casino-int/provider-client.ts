/**
 * The operator's signed calls to a provider (docs/rules/casino-wallet.md): POST /v1/sessions (launch) and GET
 * /v1/reports/transactions (reconciliation). Requests are signed with the provider's newest
 * active secret; responses must carry a valid CW-1 signature under any active secret, or they are
 * not trusted. Every call has a timeout: a provider that hangs never holds a player's request.
 */
import {
  cw1SignedHeaders,
  verifyCw1,
  type Cw1SessionRequest,
  type Cw1SessionResponse,
  type Cw1TransactionsReport,
} from '@backlay/shared/cw1';
import type { WalletProvider } from './registry.repository';

export class ProviderCallError extends Error {
  override readonly name = 'ProviderCallError';
}

export interface ProviderClientOptions {
  timeoutMs: number;
}

export class ProviderClient {
  constructor(private readonly options: ProviderClientOptions) {}

  /** POST {launchUrl}/v1/sessions. */
  async createSession(provider: WalletProvider, secrets: readonly string[], request: Cw1SessionRequest): Promise<Cw1SessionResponse> {
    return (await this.call(provider, secrets, 'POST', '/v1/sessions', JSON.stringify(request))) as Cw1SessionResponse;
  }

  /** GET {launchUrl}/v1/reports/transactions?date=YYYY-MM-DD (signed over the empty body). */
  async transactionsReport(provider: WalletProvider, secrets: readonly string[], date: string): Promise<Cw1TransactionsReport> {
    return (await this.call(provider, secrets, 'GET', `/v1/reports/transactions?date=${encodeURIComponent(date)}`, '')) as Cw1TransactionsReport;
  }

  private async call(provider: WalletProvider, secrets: readonly string[], method: 'GET' | 'POST', path: string, body: string): Promise<unknown> {
    const secret = secrets[0];
    if (secret === undefined) throw new ProviderCallError(`provider ${provider.id} has no active secret`);
    const url = new URL(path, provider.launchUrl.endsWith('/') ? provider.launchUrl : `${provider.launchUrl}/`);
    const headers: Record<string, string> = { ...(await cw1SignedHeaders(provider.partnerId, secret, body)) };
    if (method === 'POST') headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderCallError(`provider ${provider.id} did not answer: ${(error as Error).message}`);
    }
    const raw = new Uint8Array(await response.arrayBuffer());
    if (raw.length > 5_000_000) throw new ProviderCallError(`provider ${provider.id} answered too much`);
    const verified = await verifyCw1(response.headers, raw, secrets);
    if (!verified.ok || verified.partnerId !== provider.partnerId) {
      throw new ProviderCallError(`provider ${provider.id} answered HTTP ${response.status} without a valid signature`);
    }
    try {
      return JSON.parse(new TextDecoder().decode(raw)) as unknown;
    } catch {
      throw new ProviderCallError(`provider ${provider.id} answered something that is not JSON`);
    }
  }
}
