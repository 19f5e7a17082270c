/** Routes of a user's stake buttons (any signed-in user, their own buttons only). */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { buttonValuesSchema, saveButtonValuesSchema } from './button-values.schemas';
import type { ButtonValuesService } from './button-values.service';

export async function buttonValuesRoutes(app: FastifyInstance, options: { buttonValues: ButtonValuesService }): Promise<void> {
  const { buttonValues } = options;

  app.get(
    '/get-button-values',
    { schema: buttonValuesSchema, config: { access: signedIn() } },
    async (request) => ({ data: await buttonValues.get(requireAuth(request).userId), message: MESSAGES.ok }),
  );

  app.post<RouteTypes<typeof saveButtonValuesSchema>>(
    '/save-button-values',
    { schema: saveButtonValuesSchema, config: { access: signedIn() } },
    async (request) => ({
      data: await buttonValues.save(requireAuth(request).userId, request.body.buttons),
      message: MESSAGES.buttonValuesSaved,
    }),
  );
}
