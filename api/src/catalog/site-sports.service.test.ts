/**
 * The hot path of a site's sports at placement (ADR 0074 "Content per site"): a site with no
 * sport off costs no query; otherwise a match's sport is read once and remembered, an unknown
 * match is not remembered, and a bet on a switched-off sport's match is a 403.
 */
import { SITE_CONTENT_MESSAGES } from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import type { SiteDirectory } from '../sites/sites.service';
import { SiteSportsService } from './site-sports.service';

const SPORTS_OF: Record<string, number> = { 'm-soccer': 1, 'm-cricket': 4 };

function setup(sportsOff: Record<string, number[]>) {
  const queries: unknown[][] = [];
  const db = {
    query: async (_sql: string, params: unknown[]) => {
      queries.push(params);
      const id = String(params[0]);
      const sportId = SPORTS_OF[id];
      return { rows: sportId === undefined ? [] : [{ id, sportId }] };
    },
  } as unknown as Database;
  const sites = { site: async (id: string) => (id in sportsOff ? { id, sportsOff: sportsOff[id] } : null) } as unknown as SiteDirectory;
  return { service: new SiteSportsService({ db, sites }), queries };
}

describe('SiteSportsService.assertSportOffered', () => {
  it('costs no query on a site with no sport switched off', async () => {
    const { service, queries } = setup({ backlay: [] });
    await service.assertSportOffered('backlay', 'm-soccer');
    await service.assertSportOffered('nowhere', 'm-soccer');
    expect(queries).toEqual([]);
  });

  it("refuses a bet on a switched-off sport's match, reading each match's sport once", async () => {
    const { service, queries } = setup({ sixer: [1] });
    await expect(service.assertSportOffered('sixer', 'm-soccer')).rejects.toMatchObject({ code: 'FORBIDDEN', message: SITE_CONTENT_MESSAGES.sportOffHere });
    await expect(service.assertSportOffered('sixer', 'm-soccer')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(service.assertSportOffered('sixer', 'm-cricket')).resolves.toBeUndefined();
    await expect(service.assertSportOffered('sixer', 'm-cricket')).resolves.toBeUndefined();
    expect(queries.map((params) => params[0])).toEqual(['m-soccer', 'm-cricket']);
  });

  it('lets an unknown match through (placement answers its 404) without remembering it', async () => {
    const { service, queries } = setup({ sixer: [1] });
    await expect(service.assertSportOffered('sixer', 'ghost')).resolves.toBeUndefined();
    await expect(service.assertSportOffered('sixer', 'ghost')).resolves.toBeUndefined();
    expect(queries).toHaveLength(2);
  });
});
