/** Routes of a user's stake buttons (any signed-in user, their own buttons only) and a player's bet preferences (players only, their own). */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { buttonValuesSchema, getBetPreferencesSchema, saveBetPreferencesSchema, saveButtonValuesSchema } from './button-values.schemas';
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

  // Bet preferences (ADR 0055): only a player bets, so only a player has them.
  const player = { access: signedIn({ area: 'player', roles: ['user'] }) };
  app.get('/get-bet-preferences', { schema: getBetPreferencesSchema, config: player }, async (request) => ({
    data: await buttonValues.betPreferences(requireAuth(request).userId),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof saveBetPreferencesSchema>>('/save-bet-preferences', { schema: saveBetPreferencesSchema, config: player }, async (request) => ({
    data: await buttonValues.saveBetPreferences(requireAuth(request).userId, request.body),
    message: MESSAGES.betPreferencesSaved,
  }));
}
