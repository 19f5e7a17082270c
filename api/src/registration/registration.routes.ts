/** Routes of self-registration, the demo SMS outbox and the SMS gateway's delivery reports. Thin: parse, call the service, wrap. */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, REGISTER_MESSAGES, SITE_CONTENT_MESSAGES, SPORTS_ADMIN_ROLES, MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { publicAccess, signedIn } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import type { RegistrationAgentService } from './registration-agent.service';
import type { RegistrationService } from './registration.service';
import { registrationAgentSchema, saveRegistrationAgentSchema } from './registration-agent.schemas';
import { captchaChallengeSchema, sendOtpSchema, smsDeliveryReportSchema, smsOutboxSchema, userRegisterSchema } from './registration.schemas';

export async function registrationRoutes(
  app: FastifyInstance,
  options: { registration: RegistrationService; agents: RegistrationAgentService },
): Promise<void> {
  const { registration, agents } = options;

  // The DL a site's new players register under (ADR 0074 "Content per site"): the Super Admin any site's, an Admin its own.
  app.get<RouteTypes<typeof registrationAgentSchema>>(
    '/get-registration-agent',
    { schema: registrationAgentSchema, config: { access: signedIn({ area: 'admin', roles: SPORTS_ADMIN_ROLES }) } },
    async (request) => ({ data: await agents.agent(actorOf(request), request.query.siteId), message: MESSAGES.ok }),
  );

  app.post<RouteTypes<typeof saveRegistrationAgentSchema>>(
    '/save-registration-agent',
    {
      schema: saveRegistrationAgentSchema,
      config: {
        access: signedIn({ area: 'admin', roles: SPORTS_ADMIN_ROLES, transactionPassword: true }),
        targets: [{ in: 'body', field: 'username', kind: 'user' }],
      },
    },
    async (request) => ({ data: await agents.save(actorOf(request), request.body, metaOf(request)), message: SITE_CONTENT_MESSAGES.agentSaved }),
  );

  app.post<RouteTypes<typeof sendOtpSchema>>(
    '/send-otp',
    { schema: sendOtpSchema, config: { access: publicAccess('player') } },
    async (request) => ({ data: await registration.sendOtp(request.body, metaOf(request)), message: REGISTER_MESSAGES.otpSent }),
  );

  app.get(
    '/captcha-challenge',
    { schema: captchaChallengeSchema, config: { access: publicAccess('player') } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: registration.captchaChallenge(), message: MESSAGES.ok };
    },
  );

  app.post<RouteTypes<typeof userRegisterSchema>>(
    '/user-register',
    { schema: userRegisterSchema, config: { access: publicAccess('player') } },
    async (request) => {
      const language = request.headers['accept-language'];
      const meta = { ...metaOf(request), acceptLanguage: typeof language === 'string' ? language.slice(0, 200) : null };
      return { data: await registration.register(request.body, meta), message: REGISTER_MESSAGES.registered };
    },
  );

  app.get<RouteTypes<typeof smsOutboxSchema>>(
    '/sms-outbox',
    { schema: smsOutboxSchema, config: { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) } },
    async (request) => {
      const limit = Math.min(request.query.limit ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
      return { data: await registration.smsOutbox(request.query, request.query.page ?? 1, limit), message: MESSAGES.ok };
    },
  );

  app.post<{ Querystring: { token?: string }; Headers: { 'x-sms-dlr-token'?: string }; Body: unknown }>(
    '/sms-delivery-report',
    { schema: smsDeliveryReportSchema, config: { access: publicAccess() } },
    async (request) => {
      const token = request.query.token ?? request.headers['x-sms-dlr-token'] ?? null;
      return { data: await registration.deliveryReports(token, request.body), message: MESSAGES.ok };
    },
  );
}
