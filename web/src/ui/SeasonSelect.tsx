import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { quotaApi, quotaKeys } from '../api/quotas.ts';

/** 订货季 options: every season for HQ, the open ones for a buyer. */
export function SeasonSelect(props: { value?: number; onChange?: (id: number | undefined) => void; testId?: string; allowClear?: boolean; disabled?: boolean }) {
  const seasons = useQuery({ queryKey: quotaKeys.seasons, queryFn: ({ signal }) => quotaApi.seasons(signal), staleTime: 60_000 });
  return (
    <Select<number>
      allowClear={props.allowClear}
      disabled={props.disabled}
      placeholder="全部订货季"
      value={props.value}
      onChange={props.onChange}
      loading={seasons.isFetching}
      options={(seasons.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
      data-testid={props.testId}
    />
  );
}
