import type { CreateSiteRequest, SiteAdminRow, UpdateSiteRequest } from '../contracts/sites';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/** Sites (issue 35): the Super Admin manages every site, an Admin its own. */
export function createSitesApi(client: ApiClient) {
  return {
    list: () => unwrap<SiteAdminRow[]>(client.main.get('/get-site-list')),
    create: (body: CreateSiteRequest) => unwrapWithMessage<SiteAdminRow>(client.main.post('/create-site', body)),
    update: (body: UpdateSiteRequest) => unwrapWithMessage<SiteAdminRow>(client.main.post('/update-site', body)),
  };
}
