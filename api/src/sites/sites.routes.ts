/**
 * Routes of the sites domain (ADR 0074): GET /api/site answers the site of the request's host,
 * GET /api/site/manifest its web app manifest (ADR 0076);
 * the Super Admin and the Admins manage sites (get-site-list, create-site, update-site).
 */
import { MESSAGES, SITE_ADMIN_MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { publicAccess, signedIn } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import type { SiteAdminService } from './site-admin.service';
import { appManifest } from './app-manifest';
import { createSiteSchema, publicSiteSchema, siteListSchema, siteManifestSchema, updateSiteSchema } from './sites.schemas';
import type { SiteDirectory } from './sites.service';

export async function sitesRoutes(app: FastifyInstance, options: { sites: SiteDirectory; siteAdmin: SiteAdminService }): Promise<void> {
  const { sites, siteAdmin } = options;
  app.get('/site', { schema: publicSiteSchema, config: { access: publicAccess() } }, async (request, reply) => {
    // Shared caches must not give one host's site to another.
    void reply.header('vary', 'Host, X-Forwarded-Host').header('cache-control', 'no-cache');
    return { data: await sites.publicSite(request.hostname), message: MESSAGES.ok };
  });

  // The manifest itself (not the API's envelope): what the browser reads to install the site's app.
  app.get('/site/manifest', { schema: siteManifestSchema, config: { access: publicAccess() } }, async (request, reply) => {
    const manifest = appManifest(await sites.publicSite(request.hostname));
    return reply
      .header('vary', 'Host, X-Forwarded-Host')
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifest));
  });

  // The Super Admin ('admin') and the Admins ('sadmin'), who sign in only to the admin area (the roles
  // pin it; a player gets 403); the service narrows an Admin to its own site.
  app.get('/get-site-list', { schema: siteListSchema, config: { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) } }, async (request) => ({
    data: await siteAdmin.list(actorOf(request)),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof createSiteSchema>>(
    '/create-site',
    { schema: createSiteSchema, config: { access: signedIn({ roles: ['admin'], transactionPassword: true }) } },
    async (request) => ({ data: await siteAdmin.create(actorOf(request), request.body, metaOf(request)), message: SITE_ADMIN_MESSAGES.created }),
  );

  app.post<RouteTypes<typeof updateSiteSchema>>(
    '/update-site',
    { schema: updateSiteSchema, config: { access: signedIn({ roles: SPORTS_ADMIN_ROLES, transactionPassword: true }) } },
    async (request) => ({ data: await siteAdmin.update(actorOf(request), request.body, metaOf(request)), message: SITE_ADMIN_MESSAGES.updated }),
  );
}
