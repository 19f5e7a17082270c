/** Routes of account security: the login's second step, two-factor, its requirement, login history. */
import { MESSAGES, SECURITY_MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, publicAccess, requireAuth, signedIn } from '../plugins/auth';
import { metaOf } from '../plugins/request-context';
import type { AuthService } from './auth.service';
import type { LoginHistoryService } from './login-history.service';
import {
  downlineLoginHistorySchema,
  loginHistorySchema,
  loginTwoFactorSchema,
  saveTwoFactorPolicySchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorEnrolSchema,
  twoFactorPolicySchema,
  twoFactorStatusSchema,
} from './security.schemas';
import type { TwoFactorService } from './two-factor.service';

/**
 * Open during the first-login setup and to an agent who must still enrol (plugins/auth.ts): the
 * enrolment is what such a session is for.
 */
const enrolmentAllowed = signedIn({ allowDuringSetup: true });
// The house (admin, sadmin): the roles pin the area too.
const houseOnly = signedIn({ roles: SPORTS_ADMIN_ROLES });
/**
 * The two-factor requirement is one platform-wide setting: the Admins read it, only the Super
 * Admin sets it (an Admin may neither loosen it nor impose it on the Super Admin).
 */
const superAdminOnly = signedIn({ roles: ['admin'], forbiddenMessage: SECURITY_MESSAGES.twoFactorPolicySuperAdminOnly });

export async function securityRoutes(
  app: FastifyInstance,
  options: { auth: AuthService; twoFactor: TwoFactorService; history: LoginHistoryService },
): Promise<void> {
  const { auth, twoFactor, history } = options;

  app.post<RouteTypes<typeof loginTwoFactorSchema>>(
    '/login-two-factor',
    { schema: loginTwoFactorSchema, config: { access: publicAccess() } },
    async (request) => ({ data: await auth.loginSecondStep(request.body, metaOf(request)), message: MESSAGES.loginSuccess }),
  );

  app.get('/two-factor-status', { schema: twoFactorStatusSchema, config: { access: enrolmentAllowed } }, async (request) => ({
    data: await twoFactor.status(requireAuth(request)),
    message: MESSAGES.ok,
  }));

  app.post('/two-factor-enrol', { schema: twoFactorEnrolSchema, config: { access: enrolmentAllowed } }, async (request) => ({
    data: await twoFactor.enrol(requireAuth(request), metaOf(request)),
    message: SECURITY_MESSAGES.twoFactorEnrolStarted,
  }));

  app.post<RouteTypes<typeof twoFactorConfirmSchema>>(
    '/two-factor-confirm',
    { schema: twoFactorConfirmSchema, config: { access: enrolmentAllowed } },
    async (request) => ({
      data: await twoFactor.confirm(requireAuth(request), request.body.code, metaOf(request)),
      message: SECURITY_MESSAGES.twoFactorEnabled,
    }),
  );

  app.post<RouteTypes<typeof twoFactorDisableSchema>>(
    '/two-factor-disable',
    { schema: twoFactorDisableSchema, config: { access: signedIn() } },
    async (request) => {
      await twoFactor.disable(requireAuth(request), request.body, metaOf(request));
      return { data: null, message: SECURITY_MESSAGES.twoFactorDisabled };
    },
  );

  app.get('/two-factor-policy', { schema: twoFactorPolicySchema, config: { access: houseOnly } }, async () => ({
    data: await twoFactor.policy(),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof saveTwoFactorPolicySchema>>(
    '/two-factor-policy',
    { schema: saveTwoFactorPolicySchema, config: { access: superAdminOnly } },
    async (request) => ({
      data: await twoFactor.savePolicy(requireAuth(request), request.body.requiredRoles, metaOf(request)),
      message: SECURITY_MESSAGES.twoFactorPolicySaved,
    }),
  );

  app.get<RouteTypes<typeof loginHistorySchema>>(
    '/login-history',
    { schema: loginHistorySchema, config: { access: signedIn() } },
    async (request) => ({ data: await history.own(requireAuth(request), request.query), message: MESSAGES.ok }),
  );

  app.get<RouteTypes<typeof downlineLoginHistorySchema>>(
    '/downline-login-history',
    { schema: downlineLoginHistorySchema, config: { access: agentsOnly(), targets: [{ in: 'query', field: 'username', kind: 'user' }] } },
    async (request) => ({ data: await history.downline(requireAuth(request), request.query), message: MESSAGES.ok }),
  );
}
