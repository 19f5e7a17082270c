/** Use cases of the catalog that step 1 serves: the sports and the match list. */
import type { MatchSummary, SportItem } from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import * as repo from './catalog.repository';
import type { MatchQuery } from './match-query';

export class CatalogService {
  constructor(private readonly db: Database) {}

  sports(): Promise<SportItem[]> {
    return repo.listActiveSports(this.db);
  }

  async matches(query: MatchQuery): Promise<MatchSummary[]> {
    const rows = await repo.listEvents(this.db, query);
    return rows.map((row) => ({
      _id: row.id,
      sportId: row.sportId,
      name: row.name,
      openDate: row.openDate.toISOString(),
      inPlay: row.inPlay,
      status: row.status,
    }));
  }
}
