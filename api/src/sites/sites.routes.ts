/** Routes of the sites domain (ADR 0074): GET /api/site answers the site of the request's host. */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { publicAccess } from '../plugins/auth';
import { publicSiteSchema } from './sites.schemas';
import type { SiteDirectory } from './sites.service';

export async function sitesRoutes(app: FastifyInstance, options: { sites: SiteDirectory }): Promise<void> {
  const { sites } = options;
  app.get('/site', { schema: publicSiteSchema, config: { access: publicAccess() } }, async (request, reply) => {
    // Shared caches must not give one host's site to another.
    void reply.header('vary', 'Host, X-Forwarded-Host').header('cache-control', 'no-cache');
    return { data: await sites.publicSite(request.hostname), message: MESSAGES.ok };
  });
}
