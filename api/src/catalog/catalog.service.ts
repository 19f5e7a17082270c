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
import { narrowLimits, type SiteStakeLimitsMinor } from './limits-rules';
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
  type LimitsRow,
  type MarketRow,
  type ScoreRow,
} from './market-view';

/** Which view a role gets. */
export function visibilityOf(role: Role): Visibility {
  return SPORTS_ADMIN_ROLES.includes(role) ? 'admin' : 'player';
}

/**
 * Who reads: the role decides the view, the site narrows the player view by the sports it
 * switched off (ADR 0074 "Content per site"; admin and sadmin see every sport).
 */
export interface Viewer {
  role: Role;
  siteId: string;
}

const NONE: ReadonlySet<number> = new Set();
const NO_SITE_LIMITS: SiteStakeLimitsMinor = { minStakeMinor: null, maxStakeMinor: null };

/** The rows of a match as the data socket's snapshot carries them (players' view). */
export interface MatchImage {
  markets: MarketRow[];
  fancies: FancyRow[];
  score: ScoreRow | null;
  /** False when an admin hid the match (admin and sadmin may still watch it). */
  shownToPlayers: boolean;
}

export class CatalogService {
  constructor(
    private readonly db: Database,
    /** The sports a site switched off for its players (the cached site directory). */
    private readonly siteSportsOff: (siteId: string) => Promise<ReadonlySet<number>> = async () => NONE,
    /** A site's own stake limits (the cached site directory); its players see the tighter. */
    private readonly siteStakeLimits: (siteId: string) => Promise<SiteStakeLimitsMinor> = async () => NO_SITE_LIMITS,
  ) {}

  /** The viewer's site's own stake limits its market view narrows to; null for admin and sadmin or a site with none. */
  async stakeLimitsFor(viewer: Viewer): Promise<SiteStakeLimitsMinor | null> {
    if (visibilityOf(viewer.role) === 'admin') return null;
    const site = await this.siteStakeLimits(viewer.siteId);
    return site.minStakeMinor === null && site.maxStakeMinor === null ? null : site;
  }

  /** Narrows a market's or fancy's stake limits to the viewer's site's (none for admin and sadmin). */
  private async narrowing(viewer: Viewer): Promise<<T extends LimitsRow>(row: T) => T> {
    if (visibilityOf(viewer.role) === 'admin') return (row) => row;
    const site = await this.siteStakeLimits(viewer.siteId);
    return (row) => narrowLimits(row, site);
  }

  /** The sports hidden from this viewer by its site: none for admin and sadmin. */
  private async sportsOff(viewer: Viewer): Promise<ReadonlySet<number>> {
    return visibilityOf(viewer.role) === 'admin' ? NONE : this.siteSportsOff(viewer.siteId);
  }

  /** Players: the active sports (less those their site switched off); admin and sadmin: every sport with its settings. */
  async sports(viewer: Viewer): Promise<Array<SportItem | SportAdminItem>> {
    const admin = visibilityOf(viewer.role) === 'admin';
    const rows = await repo.listSports(this.db, !admin);
    const off = await this.sportsOff(viewer);
    if (!admin) return rows.filter((row) => !off.has(row.sportId)).map((row) => ({ sportId: row.sportId, name: row.name }));
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
  async matches(query: MatchQuery, viewer: Viewer): Promise<MatchSummary[]> {
    const rows = await repo.listVisibleMatches(this.db, query, visibilityOf(viewer.role), [...(await this.sportsOff(viewer))]);
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
  async match(matchId: string, viewer: Viewer): Promise<MatchDetail> {
    const row = await this.visibleMatch(matchId, viewer);
    if (row === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return toMatchDetail(row);
  }

  /** Markets of a match: active ones for players, all for admins. */
  async markets(matchId: string, viewer: Viewer): Promise<Market[]> {
    const visibility = await this.assertVisible(matchId, viewer);
    const rows = await markets.marketsOfEvent(this.db, matchId, visibility === 'player');
    const narrow = await this.narrowing(viewer);
    return rows.map((row) => toMarket(narrow(row)));
  }

  /** Fancies of one kind ('all' for every kind), closed ones included with their results. */
  async fancies(matchId: string, gtype: string | undefined, viewer: Viewer): Promise<Fancy[]> {
    const visibility = await this.assertVisible(matchId, viewer);
    const kind = gtype === undefined || gtype === '' ? FANCY_GTYPE_DEFAULT : gtype;
    const rows = await markets.fanciesOfEvent(this.db, matchId, {
      activeOnly: visibility === 'player',
      gtype: kind === 'all' ? null : kind,
      openOnly: false,
    });
    const narrow = await this.narrowing(viewer);
    return rows.map((row) => toFancy(narrow(row)));
  }

  /** The live fancy lines of a match: every kind, not closed (GET fancy-data). */
  async liveFancies(matchId: string, viewer: Viewer): Promise<Fancy[]> {
    const visibility = await this.assertVisible(matchId, viewer);
    const rows = await markets.fanciesOfEvent(this.db, matchId, { activeOnly: visibility === 'player', gtype: null, openOnly: true });
    const narrow = await this.narrowing(viewer);
    return rows.map((row) => toFancy(narrow(row)));
  }

  async score(matchId: string, viewer: Viewer): Promise<Score> {
    await this.assertVisible(matchId, viewer);
    const row = await markets.scoreOf(this.db, matchId);
    if (row === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return toScore(row);
  }

  /** Competitions of a sport with their open imported matches and active market counts. */
  async seriesWithMarket(sportId: number, viewer: Viewer): Promise<SeriesWithMarket[]> {
    return groupSeries(await this.seriesMatches(sportId, viewer));
  }

  /** The same grouped by the UTC date of the matches' start. */
  async seriesWithMarketByDate(sportId: number, viewer: Viewer): Promise<SeriesByDate[]> {
    return groupSeriesByDate(await this.seriesMatches(sportId, viewer));
  }

  /** A sport's open matches the viewer sees: none of a sport its site switched off. */
  private async seriesMatches(sportId: number, viewer: Viewer) {
    if ((await this.sportsOff(viewer)).has(sportId)) return [];
    return repo.listSeriesMatches(this.db, sportId, visibilityOf(viewer.role));
  }

  /**
   * What a data-socket subscriber gets first: the active markets and fancies (with its site's
   * stake limits, as get-market-list) and the score, or null when the caller may not see the
   * match (admin and sadmin see every imported match).
   */
  async matchImage(matchId: string, viewer: Viewer): Promise<MatchImage | null> {
    const match = await this.visibleMatch(matchId, viewer);
    if (match === null) return null;
    const [marketRows, fancyRows, score] = await Promise.all([
      markets.marketsOfEvent(this.db, matchId, true),
      markets.fanciesOfEvent(this.db, matchId, { activeOnly: true, gtype: null, openOnly: false }),
      markets.scoreOf(this.db, matchId),
    ]);
    const narrow = await this.narrowing(viewer);
    return { markets: marketRows.map(narrow), fancies: fancyRows.map(narrow), score, shownToPlayers: match.active };
  }

  /** A market as stored, whatever its state or visibility (settlement declares results on it). */
  findMarket(marketId: string): Promise<MarketRow | null> {
    return markets.findMarket(this.db, marketId);
  }

  /** A fancy as stored, whatever its state or visibility. */
  findFancy(fancyId: string): Promise<FancyRow | null> {
    return markets.findFancy(this.db, fancyId);
  }

  /** A match the viewer sees, or null: a match of a sport the viewer's site switched off is none. */
  private async visibleMatch(matchId: string, viewer: Viewer) {
    const row = await repo.findVisibleMatch(this.db, matchId, visibilityOf(viewer.role));
    return row === null || (await this.sportsOff(viewer)).has(row.sportId) ? null : row;
  }

  private async assertVisible(matchId: string, viewer: Viewer): Promise<Visibility> {
    if ((await this.visibleMatch(matchId, viewer)) === null) throw new DomainError('NOT_FOUND', MESSAGES.matchNotFound);
    return visibilityOf(viewer.role);
  }
}
