import { AccountStatementView, BuildTag } from '@backlay/shared';

/** /accountstatement: the signed-in player's own ledger (the shared statement view). */
export function AccountStatement() {
  return <AccountStatementView footer={<BuildTag app="payments" label={__BUILD_LABEL__} />} />;
}
