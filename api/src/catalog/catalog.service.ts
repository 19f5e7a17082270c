/**
 * Reads of the sports catalog: sports, the feed's competitions and matches (import screens),
 * imported matches with their markets, fancies and scores, and the match image the data socket
 * sends on subscribe. Players (and agents below sadmin) see only what is imported and switched
 * on; admin and sadmin see every imported match and every market of it.
 */
import {
  FANCY_GTYPE_DEFAULT,
  MESSAGES,
  SPORTS_ADMIN_ROLES,
  type Fancy,
  type FeedMatch,
  type Market,
  type MatchDetail,
  type MatchSummary,
  type Role,
  type Score,
  type SeriesByDate,
  type SeriesItem,
  type SeriesWithMarket,
  type SportAdminItem,
  type SportItem,
} from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import * as repo from './catalog.repository';
import type { Visibility } from './catalog.repository';
import type { MatchQuery } from './match-query';
import * as markets from './markets.repository';
import {
  groupSeries,
  groupSeriesByDate,
  limitsOf,
  toFancy,
  toMarket,
  toMatchDetail,
  toMatchOddsSummary,
  toScore,
  type FancyRow,
  type MarketRow,
  type ScoreRow,
} from './market-view';

/** Which view a role gets. */
export function visibilityOf(role: Role): Visibility {
  return SPORTS_ADMIN_ROLES.includes(role) ? 'admin' : 'player';
}

/** The rows of a match as the data socket's snapshot carries them (players' view). */
export interface MatchImage {
  markets: MarketRow[];
  fancies: FancyRow[];
  score: ScoreRow | null;
  /** False when an admin hid the match (admin and sadmin may still watch it). */
  shownToPlayers: boolean;
}

export class CatalogService {
  constructor(private readonly db: Database) {}

  /** Players: the active sports; admin and sadmin: every sport with its settings. */
  async sports(role: Role): Promise<Array<SportItem | SportAdminItem>> {
    const admin = visibilityOf(role) === 'admin';
    const rows = await repo.listSports(this.db, !admin);
    if (!admin) return rows.map((row) => ({ sportId: row.sportId, name: row.name }));
    return rows.map((row) => ({ sportId: row.sportId, name: row.name, active: row.active, ...limitsOf(row) }));
  }

  /** The feed's competitions of a sport that have open matches (GET get-series). */
  async series(sportId: number): Promise<SeriesItem[]> {
    return repo.listFeedCompetitions(this.db, sportId);
  }

  /** The feed's open matches of a competition, each saying whether it is imported (GET get-matches). */
  async feedMatches(sportId: number, competitionId: string): Promise<FeedMatch[]> {
    const rows = await repo.listFeedEvents(this.db, sportId, competitionId);
    return rows.map((row) => ({
      eventId: row.id,
      name: row.name,
      sportId: row.sportId,
      competitionId: row.competitionId,
      competitionName: row.competitionName,
      openDate: row.openDate.toISOString(),
      inPlay: row.inPlay,
      imported: row.imported,
    }));
  }

  /** Imported matches with the best prices of their active match odds market (GET get-match-list). */
  async matches(query: MatchQuery, role: Role): Promise<MatchSummary[]> {
    const rows = await repo.listVisibleMatches(this.db, query, visibilityOf(role));
    const odds = await markets.activeMatchOddsOf(
      this.db,
      rows.map((row) => row.id),
    );
    const oddsByMatch = new Map(odds.map((market) => [market.eventId, market]));
    return rows.map((row) => {
      const matchOdds = oddsByMatch.get(row.id);
      return {
        _id: row.id,
        sportId: row.sportId,
        name: row.name,
        openDate: row.openDate.toISOString(),
        inPlay: row.inPlay,
        status: row.status,
        competitionName: row.competitionName,
        active: row.active,
        matchOdds: matchOdds === undefined ? null : toMatchOddsSummary(matchOdds),
      };
    });
  }

  /** One match the caller sees, or 404. */
  async match(matchId: string, role: Role): Promise<MatchDetail> {
    const row = await repo.findVisibleMatch(this.db, matchId, visibilityOf(role));
    if (row === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return toMatchDetail(row);
  }

  /** Markets of a match: active ones for players, all for admins. */
  async markets(matchId: string, role: Role): Promise<Market[]> {
    const visibility = await this.assertVisible(matchId, role);
    const rows = await markets.marketsOfEvent(this.db, matchId, visibility === 'player');
    return rows.map(toMarket);
  }

  /** Fancies of one kind ('all' for every kind), closed ones included with their results. */
  async fancies(matchId: string, gtype: string | undefined, role: Role): Promise<Fancy[]> {
    const visibility = await this.assertVisible(matchId, role);
    const kind = gtype === undefined || gtype === '' ? FANCY_GTYPE_DEFAULT : gtype;
    const rows = await markets.fanciesOfEvent(this.db, matchId, {
      activeOnly: visibility === 'player',
      gtype: kind === 'all' ? null : kind,
      openOnly: false,
    });
    return rows.map(toFancy);
  }

  /** The live fancy lines of a match: every kind, not closed (GET fancy-data). */
  async liveFancies(matchId: string, role: Role): Promise<Fancy[]> {
    const visibility = await this.assertVisible(matchId, role);
    const rows = await markets.fanciesOfEvent(this.db, matchId, { activeOnly: visibility === 'player', gtype: null, openOnly: true });
    return rows.map(toFancy);
  }

  async score(matchId: string, role: Role): Promise<Score> {
    await this.assertVisible(matchId, role);
    const row = await markets.scoreOf(this.db, matchId);
    if (row === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return toScore(row);
  }

  /** Competitions of a sport with their open imported matches and active market counts. */
  async seriesWithMarket(sportId: number, role: Role): Promise<SeriesWithMarket[]> {
    return groupSeries(await repo.listSeriesMatches(this.db, sportId, visibilityOf(role)));
  }

  /** The same grouped by the UTC date of the matches' start. */
  async seriesWithMarketByDate(sportId: number, role: Role): Promise<SeriesByDate[]> {
    return groupSeriesByDate(await repo.listSeriesMatches(this.db, sportId, visibilityOf(role)));
  }

  /**
   * What a data-socket subscriber gets first: the active markets and fancies and the score, or
   * null when the caller may not see the match (admin and sadmin see every imported match).
   */
  async matchImage(matchId: string, role: Role): Promise<MatchImage | null> {
    const match = await repo.findVisibleMatch(this.db, matchId, visibilityOf(role));
    if (match === null) return null;
    const [marketRows, fancyRows, score] = await Promise.all([
      markets.marketsOfEvent(this.db, matchId, true),
      markets.fanciesOfEvent(this.db, matchId, { activeOnly: true, gtype: null, openOnly: false }),
      markets.scoreOf(this.db, matchId),
    ]);
    return { markets: marketRows, fancies: fancyRows, score, shownToPlayers: match.active };
  }

  /** A market as stored, whatever its state or visibility (settlement declares results on it). */
  findMarket(marketId: string): Promise<MarketRow | null> {
    return markets.findMarket(this.db, marketId);
  }

  /** A fancy as stored, whatever its state or visibility. */
  findFancy(fancyId: string): Promise<FancyRow | null> {
    return markets.findFancy(this.db, fancyId);
  }

  private async assertVisible(matchId: string, role: Role): Promise<Visibility> {
    const visibility = visibilityOf(role);
    if ((await repo.findVisibleMatch(this.db, matchId, visibility)) === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return visibility;
  }
}
