import { useSearchParams } from 'react-router';
import { BuildTag } from '@backlay/shared';
import { AccountStatementView } from '@backlay/shared/account-statement';

/**
 * /admin/accountstatement: the agent's own statement, or with ?username= that of an account of
 * its downline (the Statement action of the client list). The view is the shared one.
 */
export function AccountStatement() {
  const [params] = useSearchParams();
  const username = params.get('username')?.trim() || undefined;
  return <AccountStatementView key={username ?? ''} username={username} footer={<BuildTag app="admin" label={__BUILD_LABEL__} />} />;
}
