/** Routes of site settings. Everyone signed in may read them; admin and sadmin may save. */
import { MESSAGES, SPORTS_ADMIN_ROLES, type SaveSettingListRequest } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, responses } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import type { SettingsService } from './settings.service';

const settingRowSchema = {
  type: 'object',
  required: ['key', 'value'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 64 },
    value: { type: 'string', maxLength: 1000 },
  },
};

const settingListResponse = responses({ type: 'array', items: settingRowSchema });

/** The roles that may change settings: the same two that run the site (SPEC §6). */
const SETTINGS_EDITOR_ROLES = SPORTS_ADMIN_ROLES;

export async function settingsRoutes(app: FastifyInstance, options: { settings: SettingsService }): Promise<void> {
  const { settings } = options;

  app.get(
    '/get-setting-list',
    { schema: { tags: ['settings'], security: bearerSecurity, response: settingListResponse }, config: { access: signedIn() } },
    async () => ({ data: await settings.list(), message: MESSAGES.ok }),
  );

  app.post<{ Body: SaveSettingListRequest }>(
    '/save-setting-list',
    {
      schema: {
        tags: ['settings'],
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['settingList'],
          additionalProperties: false,
          properties: { settingList: { type: 'array', minItems: 1, maxItems: 50, items: settingRowSchema } },
        },
        response: settingListResponse,
      },
      config: { access: signedIn({ area: 'admin', roles: SETTINGS_EDITOR_ROLES }) },
    },
    async (request) => ({
      data: await settings.save(request.body.settingList, auditContextOf(request)),
      message: MESSAGES.settingsSaved,
    }),
  );
}
