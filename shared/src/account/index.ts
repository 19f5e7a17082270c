import { apiClient } from '../kernel/api-client';
import { createAuthApi } from './auth-api';
import { createRegistrationApi } from './registration-api';
import { createResponsibleGamblingApi } from './responsible-gambling-api';
import { createSecurityApi } from './security-api';
import { createStatementApi } from './statement-api';

/** The account's modules, bound to the one client of the page (kernel/api-client.ts). */
export const authApi = createAuthApi(apiClient);
export const securityApi = createSecurityApi(apiClient);
/** Self-registration (public) and the demo SMS outbox (admin, sadmin). */
export const registrationApi = createRegistrationApi(apiClient);
/** Responsible gambling: the player's limits and exclusions, the reality check, the agents' view. */
export const responsibleGamblingApi = createResponsibleGamblingApi(apiClient);
export const statementApi = createStatementApi(apiClient);
