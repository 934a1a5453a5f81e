import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// Issue 26: a shop billed through its agent opens 对账单 and 收款单 on one calm explanation, with no
// call for an account it does not have (which answered 数据加载失败 and two toasts) and no 登记收款.

const summary = vi.fn();
const entries = vi.fn();
const payments = vi.fn();
let scope: unknown = { kind: 'shop', shopId: 3, shopName: '宁波天一店', agentId: 1 };
vi.mock('../../api/queries.ts', async (original) => ({
  ...(await original<typeof import('../../api/queries.ts')>()),
  useUserInfo: () => ({ data: { scope } }),
}));
vi.mock('./finance-statements-api.ts', async (original) => ({
  ...(await original<typeof import('./finance-statements-api.ts')>()),
  statementsApi: { summary, entries },
}));
vi.mock('../../api/finance.ts', async (original) => ({
  ...(await original<typeof import('../../api/finance.ts')>()),
  financeApi: { payments },
}));

const { StatementPage } = await import('./statement/StatementPage.tsx');
const { PaymentPage } = await import('./payment/PaymentPage.tsx');
const { billedByAgent } = await import('./billing.tsx');

describe('a shop billed through its agent', () => {
  it('对账单 says where its statement is, and asks the server nothing', () => {
    render(<StatementPage />);
    expect(screen.getByTestId('statement-billed-by-agent').textContent).toContain('对账单请向代理商索取');
    expect(summary).not.toHaveBeenCalled();
    expect(entries).not.toHaveBeenCalled();
  });

  it('收款单 offers no 登记收款 and says whom to pay', () => {
    render(<PaymentPage />);
    expect(screen.getByTestId('payment-billed-by-agent').textContent).toContain('货款请付给代理商');
    expect(screen.queryByTestId('payment-add')).toBeNull();
    expect(payments).not.toHaveBeenCalled();
  });

  it('only a shop with an agent is billed through it', () => {
    expect(billedByAgent(scope as never)).toBe(true);
    scope = { kind: 'shop', shopId: 4, shopName: '加盟店', agentId: null };
    expect(billedByAgent(scope as never)).toBe(false);
    expect(billedByAgent({ kind: 'agent', agentId: 1, agentName: '杭州衣尚' })).toBe(false);
    expect(billedByAgent({ kind: 'all' })).toBe(false);
  });
});
