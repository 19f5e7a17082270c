/**
 * Several providers as one (FEED_PROVIDER=simulator,replay: the demo's simulated matches and
 * recorded real ones together). Their event ids never meet (the simulator's are numbers, the
 * replay's carry `-r<cycle>`); a sport several offer is listed once; a poll is every provider's
 * poll, concatenated.
 */
import type { FeedChanges, FeedCompetition, FeedEvent, FeedFancy, FeedMarket, FeedProvider, FeedScore, FeedSport } from './feed-provider';

export class CombinedProvider implements FeedProvider {
  readonly name: string;

  constructor(private readonly parts: readonly FeedProvider[]) {
    if (parts.length === 0) throw new Error('a combined provider needs at least one provider');
    this.name = parts.map((p) => p.name).join(',');
  }

  sports(): readonly FeedSport[] {
    const byId = new Map<number, FeedSport>();
    for (const part of this.parts) for (const sport of part.sports()) if (!byId.has(sport.sportId)) byId.set(sport.sportId, sport);
    return [...byId.values()];
  }

  competitions(sportId: number): FeedCompetition[] {
    return this.parts.flatMap((p) => p.competitions(sportId));
  }

  events(sportId: number, competitionId?: string): FeedEvent[] {
    return this.parts.flatMap((p) => p.events(sportId, competitionId));
  }

  markets(eventId: string): FeedMarket[] {
    return this.parts.flatMap((p) => p.markets(eventId));
  }

  fancies(eventId: string): FeedFancy[] {
    return this.parts.flatMap((p) => p.fancies(eventId));
  }

  score(eventId: string): FeedScore | null {
    for (const part of this.parts) {
      const score = part.score(eventId);
      if (score !== null) return score;
    }
    return null;
  }

  featured(): FeedEvent[] {
    return this.parts.flatMap((p) => p.featured?.() ?? []);
  }

  poll(nowMs: number): FeedChanges {
    const all: FeedChanges = { competitions: [], events: [], markets: [], fancies: [], scores: [] };
    for (const part of this.parts) {
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
