/**
 * Several providers as one (FEED_PROVIDER=simulator,replay: the demo's simulated matches and
 * recorded real ones together). Their event ids never meet (the simulator's are numbers, the
 * replay's carry `-r<cycle>`); a sport several offer is listed once; a poll is every provider's
 * poll, concatenated.
 */
import type { FeedChanges, FeedCompetition, FeedEvent, FeedFancy, FeedHealth, FeedMarket, FeedProvider, FeedScore, FeedSport } from './feed-provider';

export class CombinedProvider implements FeedProvider {
  readonly name: string;
  /** The shortest staleness of its parts (ADR 0039): the feed is as fresh as its most demanding part needs. */
  readonly staleAfterMs?: number;

  constructor(private readonly members: readonly FeedProvider[]) {
    if (members.length === 0) throw new Error('a combined provider needs at least one provider');
    this.name = members.map((p) => p.name).join(',');
    const stale = members.flatMap((p) => (p.staleAfterMs === undefined ? [] : [p.staleAfterMs]));
    if (stale.length > 0) this.staleAfterMs = Math.min(...stale);
  }

  /**
   * The parts' health as one, for the admin page and /metrics (ADR 0039): connected when every
   * part is, the oldest last message, reconnects and markets added up, the largest lag, the first
   * error. The ingest judges staleness part by part (parts(), ADR 0047): a quiet part holds only
   * its own events' markets.
   */
  health(nowMs: number): FeedHealth {
    const parts = this.members.flatMap((p) => (p.health === undefined ? [] : [p.health(nowMs)]));
    const heard = parts.flatMap((h) => (h.lastMessageAtMs === null ? [] : [h.lastMessageAtMs]));
    const lags = parts.flatMap((h) => (h.lagMs === null ? [] : [h.lagMs]));
    return {
      connected: parts.every((h) => h.connected),
      lastMessageAtMs: heard.length === 0 ? (parts.length === 0 ? nowMs : null) : Math.min(...heard),
      reconnects: parts.reduce((n, h) => n + h.reconnects, 0),
      marketsSubscribed: parts.reduce((n, h) => n + h.marketsSubscribed, 0),
      lagMs: lags.length === 0 ? null : Math.max(...lags),
      lastError: parts.find((h) => (h.lastError ?? null) !== null)?.lastError ?? null,
    };
  }

  sports(): readonly FeedSport[] {
    const byId = new Map<number, FeedSport>();
    for (const part of this.members) for (const sport of part.sports()) if (!byId.has(sport.sportId)) byId.set(sport.sportId, sport);
    return [...byId.values()];
  }

  competitions(sportId: number): FeedCompetition[] {
    return this.members.flatMap((p) => p.competitions(sportId));
  }

  events(sportId: number, competitionId?: string): FeedEvent[] {
    return this.members.flatMap((p) => p.events(sportId, competitionId));
  }

  markets(eventId: string): FeedMarket[] {
    return this.members.flatMap((p) => p.markets(eventId));
  }

  fancies(eventId: string): FeedFancy[] {
    return this.members.flatMap((p) => p.fancies(eventId));
  }

  score(eventId: string): FeedScore | null {
    for (const part of this.members) {
      const score = part.score(eventId);
      if (score !== null) return score;
    }
    return null;
  }

  parts(): readonly FeedProvider[] {
    return this.members;
  }

  async release(): Promise<void> {
    await Promise.all(this.members.map((p) => p.release?.()));
  }

  onUrgent(listener: () => void): void {
    for (const part of this.members) part.onUrgent?.(listener);
  }

  featured(): FeedEvent[] {
    return this.members.flatMap((p) => p.featured?.() ?? []);
  }

  poll(nowMs: number): FeedChanges {
    const all: FeedChanges = { competitions: [], events: [], markets: [], fancies: [], scores: [] };
    for (const part of this.members) {
      const c = part.poll(nowMs);
      all.competitions.push(...c.competitions);
      all.events.push(...c.events);
      all.markets.push(...c.markets);
      all.fancies.push(...c.fancies);
      all.scores.push(...c.scores);
    }
    return all;
  }
}
