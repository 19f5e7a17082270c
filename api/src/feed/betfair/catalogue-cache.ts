/**
 * Names for the stream's numbers (ADR 0038): the stream carries market and selection ids only;
 * listMarketCatalogue names the market, its runners, its event and competition. Each market is
 * asked for once, when the stream first shows it (one request for every new id at a time, in
 * chunks of 100), never again once known; a failed request, or a market Betfair did not answer
 * for, is asked again no sooner than retryMs later.
 */
import type { Logger } from '../../common/logger';
import { silentLogger } from '../../common/logger';
import type { BettingApi, MarketCatalogue } from './betting-api';

export class MarketCatalogueCache {
  private readonly known = new Map<string, MarketCatalogue>();
  private readonly inFlight = new Set<string>();
  /** Market id → when it may be asked for again (a failure, or no answer for it). */
  private readonly notBefore = new Map<string, number>();
  private readonly retryMs: number;
  private readonly now: () => number;
  private readonly log: Logger;

  constructor(
    private readonly api: Pick<BettingApi, 'listMarketCatalogue'>,
    options: { retryMs?: number; now?: () => number; log?: Logger } = {},
  ) {
    this.retryMs = options.retryMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? silentLogger;
  }

  get(marketId: string): MarketCatalogue | undefined {
    return this.known.get(marketId);
  }

  /** Fetches the catalogue of the markets not known yet; resolves once that request is over (never rejects). */
  async want(marketIds: Iterable<string>): Promise<void> {
    const now = this.now();
    const ask = [...new Set(marketIds)].filter((id) => !this.known.has(id) && !this.inFlight.has(id) && (this.notBefore.get(id) ?? 0) <= now);
    if (ask.length === 0) return;
    for (const id of ask) this.inFlight.add(id);
    try {
      const answered = await this.api.listMarketCatalogue(ask);
      for (const market of answered) {
        this.known.set(market.marketId, market);
        this.notBefore.delete(market.marketId);
      }
      for (const id of ask) if (!this.known.has(id)) this.notBefore.set(id, this.now() + this.retryMs);
    } catch (error) {
      this.log.warn({ err: error, markets: ask.length }, 'betfair: listMarketCatalogue failed; the names are asked for again later');
      for (const id of ask) this.notBefore.set(id, this.now() + this.retryMs);
    } finally {
      for (const id of ask) this.inFlight.delete(id);
    }
  }
}
