import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { FINANCE_PARTY_LABELS, type FinancePartyType } from '@erp/shared';
import { financeApi, financeKeys, partyKey } from '../../api/finance.ts';

/**
 * 往来单位 searched on the server among the accounts the caller may reach (HQ: all); the value is
 * `agent:1` / `shop:3` / `supplier:2`. `types` narrows it (收款: agents and shops; 付款: suppliers).
 */
export function PartyKeySelect(props: {
  value?: string;
  onChange?: (key: string | undefined) => void;
  types: readonly FinancePartyType[];
  testId?: string;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const partyType = props.types.length === 1 ? props.types[0] : undefined;
  const query = useQuery({
    queryKey: financeKeys.parties(props.types.join(','), deferred),
    queryFn: ({ signal }) => financeApi.accounts({ page: 1, limit: 50, sort: 'partyCode', order: 'asc', keyword: deferred || undefined, partyType }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (query.data?.records ?? [])
    .filter((a) => props.types.includes(a.partyType))
    .map((a) => ({ value: partyKey(a), label: `${a.partyName}（${a.partyCode}）· ${FINANCE_PARTY_LABELS[a.partyType]}` }));
  return (
    <Select<string>
      allowClear={props.allowClear}
      disabled={props.disabled}
      placeholder={props.placeholder ?? '往来单位'}
      value={props.value}
      onChange={props.onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={query.isFetching}
      options={options}
      data-testid={props.testId}
    />
  );
}
