/**
 * Routes of payments (docs/rules/product.md §7 "Payments"). Thin: forms are read here (JSON or multipart), the
 * services check and act. Multipart is registered in this plugin only, with the upload limits
 * of docs/rules/test-plan.md T13; every other route of the API keeps refusing multipart bodies.
 */
import multipart from '@fastify/multipart';
import { IDEMPOTENCY_HEADER, MESSAGES, SPORTS_ADMIN_ROLES, UPLOAD_FIELD } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, signedIn } from '../plugins/auth';
import { csvExportSchema, sendCsv } from '../plugins/csv-reply';
import { actorOf, metaOf } from '../plugins/request-context';
import { extensionOf } from './image-sniff';
import { MULTIPART_OPTIONS, readMultipartForm } from './multipart-form';
import type { PaymentAccountsService } from './payment-accounts.service';
import type { PaymentRequestsService, RequestInput } from './payment-requests.service';
import { fieldsOf, settingListFields, type FormFields } from './payment-rules';
import * as schemas from './payments.schemas';

/** A route's request types, derived from its schema. */
type Route<K extends keyof typeof schemas> = RouteTypes<(typeof schemas)[K]>;

/** Who may change the payment settings: the two roles that run the site (like settings). */
const PAYMENT_SETTINGS_EDITOR_ROLES = SPORTS_ADMIN_ROLES;

async function requestInput(request: FastifyRequest): Promise<RequestInput> {
  if (!request.isMultipart()) return { fields: fieldsOf(request.body), image: null };
  const form = await readMultipartForm(request, UPLOAD_FIELD);
  return { fields: form.fields, image: form.file };
}

async function settingsInput(request: FastifyRequest): Promise<FormFields> {
  const raw = request.isMultipart() ? (await readMultipartForm(request, null)).fields : fieldsOf(request.body);
  const fields = settingListFields(raw);
  if (!fields.ok) throw new DomainError('VALIDATION', fields.message);
  return fields.value;
}

export async function paymentsRoutes(
  app: FastifyInstance,
  options: { requests: PaymentRequestsService; accounts: PaymentAccountsService },
): Promise<void> {
  const { requests, accounts } = options;
  await app.register(multipart, MULTIPART_OPTIONS);
  // Saved accounts and new requests belong to the player screens (docs/rules/product.md §2 Deposit, Withdraw).
  const player = { access: signedIn({ area: 'player' }) };
  const anyone = { access: signedIn() };

  app.post<Route<'addBankAccountSchema'>>(
    '/add-bank-account',
    { schema: schemas.addBankAccountSchema, config: player },
    async (request) => ({
      data: await accounts.addBank(actorOf(request), request.body, metaOf(request)),
      message: MESSAGES.bankAccountAdded,
    }),
  );

  app.post<Route<'addUpiSchema'>>('/add-upi', { schema: schemas.addUpiSchema, config: player }, async (request) => ({
    data: await accounts.addUpi(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.upiAdded,
  }));

  const savedAccount = { ...player, targets: [{ in: 'body', field: 'id', kind: 'savedAccount' }] } as const;
  app.post<Route<'deleteUpiBankSchema'>>('/delete-upi-bank', { schema: schemas.deleteUpiBankSchema, config: savedAccount }, async (request) => ({
    data: await accounts.deleteSaved(actorOf(request), request.body, metaOf(request)),
    message: request.body.type === 'bank' ? MESSAGES.bankAccountDeleted : MESSAGES.upiDeleted,
  }));

  app.get('/get-bank-and-upi-list', { schema: schemas.bankAndUpiListRouteSchema, config: player }, async (request) => ({
    data: await accounts.list(actorOf(request)),
    message: MESSAGES.ok,
  }));

  app.post<Route<'addDepositWithdrawSchema'>>(
    '/add-deposit-withdraw',
    {
      schema: schemas.addDepositWithdrawSchema,
      // A withdrawal names one of the player's saved accounts (a form field the handler reads).
      config: { ...player, targets: [{ in: 'body', field: 'bankDetail', kind: 'savedAccount' }] },
    },
    async (request) => requests.create(actorOf(request), await requestInput(request), request.headers[IDEMPOTENCY_HEADER], metaOf(request)),
  );

  app.post<Route<'depositWithdrawListSchema'>>(
    '/get-deposit-withdraw-list',
    { schema: schemas.depositWithdrawListSchema, config: { ...anyone, targets: [{ in: 'body', field: 'username', kind: 'user' }] } },
    async (request) => ({ data: await requests.list(actorOf(request), request.body), message: MESSAGES.ok }),
  );

  // The same statement as a CSV file (ADR 0067): the list's filters in the query, the same access, every row.
  const listExport = csvExportSchema('/get-deposit-withdraw-list', schemas.depositWithdrawListSchema.body, schemas.depositWithdrawListSchema.tags);
  app.get<RouteTypes<typeof listExport>>(
    '/get-deposit-withdraw-list/export',
    { schema: listExport, config: { ...anyone, targets: [{ in: 'query', field: 'username', kind: 'user' }] } },
    async (request, reply) => sendCsv(reply, await requests.listCsv(actorOf(request), request.query)),
  );

  app.post<Route<'updateStatusSchema'>>(
    '/update-deposit-withdraw-status',
    { schema: schemas.updateStatusSchema, config: { access: agentsOnly(), targets: [{ in: 'body', field: 'id', kind: 'paymentRequest' }] } },
    async (request) => requests.decide(actorOf(request), request.body, request.headers[IDEMPOTENCY_HEADER], metaOf(request)),
  );

  app.get('/pending-payments', { schema: schemas.pendingPaymentsSchema, config: { access: agentsOnly() } }, async (request) => ({
    data: await requests.pendingFor(actorOf(request)),
    message: MESSAGES.ok,
  }));

  // The request's site's details; `siteId` (the Super Admin's) another site's (ADR 0074 "Content per site").
  app.get<Route<'paymentListSchema'>>('/get-payment-list', { schema: schemas.paymentListSchema, config: anyone }, async (request) => ({
    data: await accounts.settings(actorOf(request), request.query.siteId),
    message: MESSAGES.ok,
  }));

  app.post<Route<'savePaymentListSchema'>>(
    '/save-payment-list',
    { schema: schemas.savePaymentListSchema, config: { access: signedIn({ area: 'admin', roles: PAYMENT_SETTINGS_EDITOR_ROLES }) } },
    async (request) => ({
      data: await accounts.saveSettings(actorOf(request), request.query.siteId, await settingsInput(request), metaOf(request)),
      message: MESSAGES.paymentSettingsSaved,
    }),
  );

  const screenshot = { schema: schemas.screenshotSchema, config: { ...anyone, targets: [{ in: 'path', field: 'id', kind: 'screenshot' }] } } as const;
  app.get<Route<'screenshotSchema'>>('/payment-screenshot/:id', screenshot, async (request, reply) => {
    const file = await requests.screenshot(actorOf(request), request.params.id);
    return reply
      .headers({
        'content-type': file.contentType,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'content-disposition': `inline; filename="${file.id}.${extensionOf(file.contentType)}"`,
        'cache-control': 'private, no-store',
      })
      .send(file.bytes);
  });
}
