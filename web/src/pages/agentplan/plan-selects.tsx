import { Select } from 'antd';
import { usePlanOptions } from './agent-plans-api.ts';

// The pickers of the 代理规划 pages, filled from the server's choices in the caller's scope (HQ every
// season, agent and shop; an agent itself and its shops; a shop itself).

interface PickerProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  testId?: string;
  allowClear?: boolean;
  placeholder?: string;
  /** only the shops of this agent */
  agentId?: number;
  style?: React.CSSProperties;
}

function OptionSelect<V extends string | number>({ options, loading, ...props }: PickerProps<V> & { options: { value: V; label: string }[]; loading: boolean }) {
  return (
    <Select<V>
      allowClear={props.allowClear}
      placeholder={props.placeholder ?? '请选择'}
      value={props.value}
      onChange={props.onChange}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      style={props.style}
      data-testid={props.testId}
    />
  );
}

export function PlanSeasonSelect(props: PickerProps<number>) {
  const q = usePlanOptions();
  return (
    <OptionSelect<number>
      {...props}
      placeholder="请选择订货季"
      loading={q.isFetching}
      options={(q.data?.seasons ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
    />
  );
}

export function PlanAgentSelect(props: PickerProps<number>) {
  const q = usePlanOptions();
  return (
    <OptionSelect<number>
      {...props}
      placeholder="请选择代理商"
      loading={q.isFetching}
      options={(q.data?.agents ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.code}）` }))}
    />
  );
}

export function PlanShopSelect(props: PickerProps<number>) {
  const q = usePlanOptions();
  const shops = (q.data?.shops ?? []).filter((s) => props.agentId === undefined || s.agentId === props.agentId);
  return <OptionSelect<number> {...props} placeholder="请选择门店" loading={q.isFetching} options={shops.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))} />;
}

/** 代理商 or 门店 whose quota ledger is read; the value is `agent:1` / `shop:3`. */
export function PlanPartySelect(props: PickerProps<string>) {
  const q = usePlanOptions();
  const options = [
    ...(q.data?.agents ?? []).map((a) => ({ value: `agent:${a.id}`, label: `${a.name}（${a.code}）· 代理商` })),
    ...(q.data?.shops ?? []).map((s) => ({ value: `shop:${s.id}`, label: `${s.name}（${s.code}）· 门店` })),
  ];
  return <OptionSelect<string> {...props} placeholder="代理商或门店" loading={q.isFetching} options={options} />;
}
