import { BuildTag } from '@backlay/shared';
import { AccountStatementView } from '@backlay/shared/account-statement';

/** /accountstatement: the signed-in player's own ledger (the shared statement view). */
export function AccountStatement() {
  return <AccountStatementView footer={<BuildTag app="payments" label={__BUILD_LABEL__} />} />;
}
