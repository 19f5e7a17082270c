/** Routes of signing in. Thin: parse, call the service, wrap in the envelope. */
import { isTwoFactorChallenge, MESSAGES, SECURITY_MESSAGES, type LoginOutcome } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { publicAccess, requireAuth, signedIn } from '../plugins/auth';
import { metaOf } from '../plugins/request-context';
import type { AuthService } from './auth.service';
import {
  changePasswordSchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  transactionPasswordSchema,
  userInfoSchema,
} from './auth.schemas';

/** A login's answer: the session, or the second step of two-factor. */
const loginReply = (data: LoginOutcome) => ({
  data,
  message: isTwoFactorChallenge(data) ? SECURITY_MESSAGES.twoFactorCodeRequired : MESSAGES.loginSuccess,
});

/** Routes the caller may use while changePassAndTxn is still true. */
const setupAllowed = signedIn({ allowDuringSetup: true });

export async function authRoutes(app: FastifyInstance, options: { auth: AuthService }): Promise<void> {
  const { auth } = options;

  app.post<RouteTypes<typeof loginSchema>>(
    '/login',
    { schema: loginSchema, config: { access: publicAccess('player') } },
    async (request) => loginReply(await auth.login('player', request.body, metaOf(request))),
  );

  app.post<RouteTypes<typeof loginSchema>>(
    '/login-admin',
    { schema: loginSchema, config: { access: publicAccess('admin') } },
    async (request) => loginReply(await auth.login('admin', request.body, metaOf(request))),
  );

  app.post<RouteTypes<typeof refreshSchema>>(
    '/refresh-token',
    { schema: refreshSchema, config: { access: publicAccess() } },
    async (request) => ({ data: await auth.refresh(request.body.token, request.siteId), message: MESSAGES.tokenRefreshed }),
  );

  app.get('/user-info', { schema: userInfoSchema, config: { access: setupAllowed } }, async (request) => ({
    data: await auth.userInfo(requireAuth(request)),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof changePasswordSchema>>(
    '/change-password',
    { schema: changePasswordSchema, config: { access: setupAllowed } },
    async (request) => ({
      data: await auth.changePassword(requireAuth(request), request.body, metaOf(request)),
      message: MESSAGES.passwordChanged,
    }),
  );

  app.post<RouteTypes<typeof transactionPasswordSchema>>(
    '/transaction-password',
    { schema: transactionPasswordSchema, config: { access: setupAllowed } },
    async (request) => ({
      data: await auth.setTransactionPassword(requireAuth(request), request.body, metaOf(request)),
      message: MESSAGES.transactionPasswordSet,
    }),
  );

  app.post('/logout', { schema: logoutSchema, config: { access: setupAllowed } }, async (request) => {
    await auth.logout(requireAuth(request));
    return { data: null, message: MESSAGES.loggedOut };
  });
}
