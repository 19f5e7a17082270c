/** Routes of a user's stake buttons (any signed-in user, their own buttons only). */
import { BUTTON_LABEL_MAX_LENGTH, BUTTON_VALUES_MAX, MESSAGES, type SaveButtonValuesRequest } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, responses, rupeesField } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import type { ButtonValuesService } from './button-values.service';

const buttonSchema = {
  type: 'object',
  required: ['label', 'value'],
  properties: { label: { type: 'string' }, value: { type: 'number' } },
};
const listResponse = responses({ type: 'array', items: buttonSchema });
const tags = ['button values'];

export async function buttonValuesRoutes(app: FastifyInstance, options: { buttonValues: ButtonValuesService }): Promise<void> {
  const { buttonValues } = options;

  app.get(
    '/get-button-values',
    { schema: { tags, security: bearerSecurity, response: listResponse }, config: { access: signedIn() } },
    async (request) => ({ data: await buttonValues.get(requireAuth(request).userId), message: MESSAGES.ok }),
  );

  app.post<{ Body: SaveButtonValuesRequest }>(
    '/save-button-values',
    {
      schema: {
        tags,
        security: bearerSecurity,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['buttons'],
          properties: {
            // Type-level bounds only; button-values-rules.ts gives the readable message.
            buttons: {
              type: 'array',
              maxItems: BUTTON_VALUES_MAX * 10,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['label', 'value'],
                properties: { label: { type: 'string', maxLength: BUTTON_LABEL_MAX_LENGTH * 10 }, value: rupeesField },
              },
            },
          },
        },
        response: listResponse,
      },
      config: { access: signedIn() },
    },
    async (request) => ({
      data: await buttonValues.save(requireAuth(request).userId, request.body.buttons),
      message: MESSAGES.buttonValuesSaved,
    }),
  );
}
