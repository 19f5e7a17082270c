/**
 * Routes of site settings. Everyone signed in may read them; admin and sadmin may save, with their
 * transaction password (maintenance closes the player area; ADR 0032).
 */
import { MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import { saveSettingListSchema, settingListSchema } from './settings.schemas';
import type { SettingsService } from './settings.service';

/** The roles that may change settings: the same two that run the site (docs/rules/product.md §6). */
const SETTINGS_EDITOR_ROLES = SPORTS_ADMIN_ROLES;

export async function settingsRoutes(app: FastifyInstance, options: { settings: SettingsService }): Promise<void> {
  const { settings } = options;

  app.get(
    '/get-setting-list',
    { schema: settingListSchema, config: { access: signedIn() } },
    async () => ({ data: await settings.list(), message: MESSAGES.ok }),
  );

  app.post<RouteTypes<typeof saveSettingListSchema>>(
    '/save-setting-list',
    { schema: saveSettingListSchema, config: { access: signedIn({ area: 'admin', roles: SETTINGS_EDITOR_ROLES, transactionPassword: true }) } },
    async (request) => ({
      data: await settings.save(request.body.settingList, auditContextOf(request)),
      message: MESSAGES.settingsSaved,
    }),
  );
}
