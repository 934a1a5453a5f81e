import { Alert, Card } from 'antd';
import type { UserInfo } from '@erp/shared';
import { useUserInfo } from '../../api/queries.ts';

// A shop under an agent keeps no account with HQ (issue 26): its agent is billed for its orders and
// settles with it. 对账单 and 收款单 have nothing for it, so those pages say so once, calmly, instead of
// asking the server for an account that does not exist (which answered two error toasts).

/** The caller is a shop billed through its agent (not by HQ). */
export function billedByAgent(scope: UserInfo['scope'] | undefined): boolean {
  return scope?.kind === 'shop' && scope.agentId !== null;
}

export function useBilledByAgent(): { known: boolean; byAgent: boolean } {
  const user = useUserInfo();
  return { known: !!user.data, byAgent: billedByAgent(user.data?.scope) };
}

const WHAT: Record<'statement' | 'payment', { title: string; description: string }> = {
  statement: {
    title: '本店货款由所属代理商结算，总部不单独为本店出具对账单',
    description: '对账单请向代理商索取；本店的订货、发货和退货都记在代理商的账户中。',
  },
  payment: {
    title: '本店货款由所属代理商结算，无需向总部登记收款',
    description: '货款请付给代理商，由代理商向总部登记收款；付款凭证请交给代理商。',
  },
};

/** The one explanation a page shows in place of its list. */
export function AgentBilledNotice({ page }: { page: 'statement' | 'payment' }) {
  return (
    <Card variant="borderless">
      <Alert type="info" showIcon title={WHAT[page].title} description={WHAT[page].description} data-testid={`${page}-billed-by-agent`} />
    </Card>
  );
}
