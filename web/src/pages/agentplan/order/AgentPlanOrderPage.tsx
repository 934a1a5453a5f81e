import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Spin } from 'antd';
import { Permissions } from '@erp/shared';
import { useUserInfo } from '../../../api/queries.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { agentPlanApi, agentPlanKeys, usePlanOptions } from '../agent-plans-api.ts';
import { PlanAgentSelect, PlanSeasonSelect } from '../plan-selects.tsx';
import { usePlanChoice } from '../plan-url.ts';
import { PlanGrid } from './PlanGrid.tsx';
import '../agent-plans.css';

const KEYS = ['seasonId', 'agentId'] as const;

/** 订货计划 (agentplan/order): one agent's season plan over its shops × categories, with progress. */
export function AgentPlanOrderPage() {
  const can = usePermission();
  const client = useQueryClient();
  const scope = useUserInfo().data?.scope;
  const isHq = scope?.kind === 'all';
  const options = usePlanOptions();
  const [choice, setChoice] = usePlanChoice(KEYS);
  // an agent is itself; HQ picks
  const agentId = isHq ? choice.agentId : options.data?.agents[0]?.id;
  const seasonId = choice.seasonId;

  // the newest season is chosen first
  useEffect(() => {
    const first = options.data?.seasons[0]?.id;
    if (!seasonId && first) setChoice({ seasonId: first });
  }, [seasonId, options.data, setChoice]);

  const ready = !!seasonId && !!agentId;
  const grid = useQuery({
    queryKey: agentPlanKeys.grid(seasonId, agentId),
    queryFn: ({ signal }) => agentPlanApi.grid(seasonId!, isHq ? agentId : undefined, signal),
    enabled: ready,
  });

  return (
    <Card title="订货计划" data-testid="agent-plan-order">
      <div className="agent-plan__filters">
        <span>订货季</span>
        <PlanSeasonSelect value={seasonId} onChange={(v) => setChoice({ seasonId: v })} testId="plan-season" />
        {isHq ? (
          <>
            <span>代理商</span>
            <PlanAgentSelect value={choice.agentId} onChange={(v) => setChoice({ agentId: v })} testId="plan-agent" />
          </>
        ) : null}
      </div>
      {!ready && options.isSuccess ? <Alert type="info" showIcon title={isHq ? '请选择订货季和代理商' : '请选择订货季'} data-testid="plan-hint" /> : null}
      {grid.isError ? <Alert type="error" showIcon title={grid.error.message} /> : null}
      {ready && grid.isPending ? <Spin /> : null}
      {grid.data ? (
        grid.data.shops.length === 0 ? (
          <Alert type="info" showIcon title={`${grid.data.agentName}还没有门店`} />
        ) : (
          <PlanGrid
            grid={grid.data}
            canEdit={can(Permissions.agentPlanEdit)}
            onSave={async (lines) => {
              const result = await agentPlanApi.save({ seasonId: seasonId!, agentId: isHq ? agentId : undefined, lines }, { toast: false });
              client.setQueryData(agentPlanKeys.grid(seasonId, agentId), result.grid);
              void client.invalidateQueries({ queryKey: ['agent-plans', 'shop'] });
              toast().success(`订货计划已保存（${result.saved}行）`);
            }}
          />
        )
      ) : null}
    </Card>
  );
}
