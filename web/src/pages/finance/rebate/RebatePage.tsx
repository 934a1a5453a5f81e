import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { Permissions } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { rebateKeys } from './rebate-api.ts';
import { RebateList } from './RebateList.tsx';
import { RebateRulesList } from './RebateRulesList.tsx';

/** 返利 (finance/rebate): the 返利单 for everyone with the page; the rules, 计算 and 入账 for HQ (edit permission). */
export function RebatePage() {
  const can = usePermission();
  const client = useQueryClient();
  if (!can(Permissions.financeRebateEdit)) return <RebateList canVoid={false} />;
  return (
    <Tabs
      destroyOnHidden={false}
      items={[
        { key: 'rules', label: '返利规则', children: <RebateRulesList onPosted={() => void client.invalidateQueries({ queryKey: rebateKeys.rebates })} /> },
        { key: 'rebates', label: '返利单', children: <RebateList canVoid /> },
      ]}
      data-testid="rebate-tabs"
    />
  );
}
