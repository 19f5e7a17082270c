import type { UserInfo } from '../contracts/index';
import { availableMinor } from '../domain/wallet';
import { toMinor, toRupees } from '../kernel/money';

/**
 * The signed-in user's available balance in rupees (the header's figure): its balance less the
 * exposure of its open bets, from the user info and the socket's `balance` messages, by the one
 * rule the casino games' wallet also answers with (`availableMinor`, docs/rules/money.md §7.10).
 */
export function availableBalance(user: Pick<UserInfo, 'balance' | 'exposer'>): number {
  return toRupees(availableMinor(toMinor(user.balance), toMinor(user.exposer)));
}
