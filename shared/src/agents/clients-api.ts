import type {
  AddUserRequest,
  ChangeChildPasswordRequest,
  ChipTransferRequest,
  ChipTransferResponse,
  ClientRow,
  ListClientsQuery,
  ListClientsResponse,
  LockRequest,
  UpdateUserRequest,
} from '../contracts/clients';
import { IDEMPOTENCY_HEADER } from '../contracts/clients';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/**
 * The agent hierarchy: the downline list, account create and edit, chip transfers, locks, a
 * child's password (the account statement is account/statement-api.ts). Chip transfers move money, so each carries the
 * Idempotency-Key the caller generated for that submission (the same key on a retry of it).
 */
export function createClientsApi(client: ApiClient) {
  return {
    listClients: (query: ListClientsQuery) => unwrap<ListClientsResponse>(client.main.get('/list-clients', { params: query })),
    userDetail: (username: string) => unwrap<ClientRow>(client.main.get('/user-detail', { params: { username } })),
    addUser: (body: AddUserRequest) => unwrapWithMessage<ClientRow>(client.main.post('/add-user', body)),
    updateUser: (body: UpdateUserRequest) => unwrapWithMessage<ClientRow>(client.main.post('/update-user', body)),
    depositChips: (body: ChipTransferRequest, idempotencyKey: string) =>
      unwrapWithMessage<ChipTransferResponse>(client.main.post('/deposit-chips', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    withdrawChips: (body: ChipTransferRequest, idempotencyKey: string) =>
      unwrapWithMessage<ChipTransferResponse>(client.main.post('/withdraw-chips', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    usersLock: (body: LockRequest) => unwrapWithMessage<ClientRow>(client.main.post('/users-lock', body)),
    betLock: (body: LockRequest) => unwrapWithMessage<ClientRow>(client.main.post('/bet-lock', body)),
    changeChildPassword: (body: ChangeChildPasswordRequest) => unwrapWithMessage<null>(client.main.post('/change-child-password', body)),
  };
}

/** The clients domain module's shape (tests mock it). */
export type ClientsApi = ReturnType<typeof createClientsApi>;
