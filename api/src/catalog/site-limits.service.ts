/**
 * The stake limits of one site (ADR 0074 "Content per site"): a site may set tighter stake
 * limits for its own players than a market's (`sites.min_stake_minor` / `max_stake_minor`,
 * migration 0052; null is the market's own). Read from the cached site directory, so no bet costs
 * a query for them; a change drops every instance's cache. Placement refuses a stake outside
 * the site's limits before it runs (`assertStakeAllowed`; the market's own limits stay
 * placement's), and the site's players' market view shows the tighter of both (`narrowFor`).
 */
import { SITE_CONTENT_MESSAGES, type SaveSiteLimitsRequest, type SiteStakeLimits } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import { paiseToRupees, rupeesToPaise } from '../common/money';
import type { Database } from '../db/database';
import type { Actor, RequestMeta } from '../plugins/request-context';
import { siteToManage } from '../sites/site-scope';
import type { SiteDirectory } from '../sites/sites.service';
import * as sitesRepo from '../sites/sites.repository';
import { siteLimitsOf, siteStakeRefusal, type SiteStakeLimitsMinor } from './limits-rules';

const NONE: SiteStakeLimitsMinor = { minStakeMinor: null, maxStakeMinor: null };

const rupeesOf = (minor: bigint | null): number | null => (minor === null ? null : paiseToRupees(minor));

function answer(siteId: string, limits: SiteStakeLimitsMinor): SiteStakeLimits {
  return { siteId, minStake: rupeesOf(limits.minStakeMinor), maxStake: rupeesOf(limits.maxStakeMinor) };
}

export class SiteLimitsService {
  constructor(private readonly deps: { db: Database; sites: SiteDirectory }) {}

  /** GET get-site-limits: the Super Admin any site's (default: its request's), an Admin its own. */
  async limits(actor: Actor, siteId: string | undefined): Promise<SiteStakeLimits> {
    const site = await siteToManage(this.deps.sites, actor, siteId);
    return answer(site.id, site);
  }

  /** POST save-site-limits: sets both of one site's limits (null unsets one); audited. */
  async save(actor: Actor, request: SaveSiteLimitsRequest, meta: RequestMeta): Promise<SiteStakeLimits> {
    const site = await siteToManage(this.deps.sites, actor, request.siteId);
    const parsed = siteLimitsOf(request.minStake, request.maxStake);
    if (!parsed.ok) throw new DomainError('VALIDATION', parsed.message);
    const { limits } = parsed;
    await this.deps.db.transaction(async (tx) => {
      const before = await sitesRepo.findSite(tx, site.id, { lock: true });
      if (before === null) throw new DomainError('NOT_FOUND', SITE_CONTENT_MESSAGES.noSuchSite);
      await sitesRepo.updateStakeLimits(tx, site.id, limits);
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'sites.limits_saved',
          target: `site:${site.id}`,
          before: { minStake: rupeesOf(before.minStakeMinor), maxStake: rupeesOf(before.maxStakeMinor) },
          after: { minStake: rupeesOf(limits.minStakeMinor), maxStake: rupeesOf(limits.maxStakeMinor) },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.sites.changed());
    });
    return answer(site.id, limits);
  }

  /** A site's own limits (none for an unknown site), from the cached directory. */
  async of(siteId: string): Promise<SiteStakeLimitsMinor> {
    const site = await this.deps.sites.site(siteId);
    return site === null ? NONE : { minStakeMinor: site.minStakeMinor, maxStakeMinor: site.maxStakeMinor };
  }

  /**
   * Refuses (400 STAKE_OUT_OF_RANGE, the market's limits' code) a stake outside the site's own
   * limits. A stake that is no amount in paise passes: placement answers it.
   */
  async assertStakeAllowed(siteId: string, stake: number): Promise<void> {
    const limits = await this.of(siteId);
    if (limits.minStakeMinor === null && limits.maxStakeMinor === null) return;
    let stakeMinor: bigint;
    try {
      stakeMinor = rupeesToPaise(stake);
    } catch {
      return;
    }
    const refusal = siteStakeRefusal(stakeMinor, limits);
    if (refusal !== null) throw new DomainError('STAKE_OUT_OF_RANGE', refusal);
  }
}
