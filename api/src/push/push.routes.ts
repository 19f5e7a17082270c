/** Routes of browser notifications (issue 34, ADR 0071): the key, subscribe, unsubscribe. Any signed-in user, for its own browsers. */
import { MESSAGES, type PushSubscribeRequest, type PushUnsubscribeRequest } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { signedIn } from '../plugins/auth';
import { actorOf } from '../plugins/request-context';
import { pushKeySchema, pushSubscribeSchema, pushUnsubscribeSchema } from './push.schemas';
import type { PushService } from './push.service';

/** base64url without padding (a browser's toJSON() gives none; some add '='). */
const unpadded = (text: string) => text.replace(/=+$/, '');

export async function pushRoutes(app: FastifyInstance, options: { push: PushService }): Promise<void> {
  const { push } = options;
  const anyone = { access: signedIn() };
  app.get('/push-key', { schema: pushKeySchema, config: anyone }, async () => ({ data: { publicKey: push.publicKey() }, message: MESSAGES.ok }));
  app.post<{ Body: PushSubscribeRequest }>('/push-subscribe', { schema: pushSubscribeSchema, config: anyone }, async (request) => ({
    data: await push.subscribe(actorOf(request), {
      endpoint: request.body.endpoint,
      keys: { p256dh: unpadded(request.body.keys.p256dh), auth: unpadded(request.body.keys.auth) },
    }),
    message: MESSAGES.ok,
  }));
  app.post<{ Body: PushUnsubscribeRequest }>('/push-unsubscribe', { schema: pushUnsubscribeSchema, config: anyone }, async (request) => ({
    data: await push.unsubscribe(actorOf(request), request.body.endpoint),
    message: MESSAGES.ok,
  }));
}
