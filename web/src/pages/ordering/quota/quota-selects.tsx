import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { orderingApi, orderingKeys } from '../../../api/ordering.ts';
import { buyerKey } from '../../../api/quotas.ts';

/** 订货方 (agent or shop) searched on the server; the value is `agent:1` / `shop:3`. */
export function BuyerKeySelect(props: { value?: string; onChange?: (key: string | undefined) => void; testId?: string; allowClear?: boolean; disabled?: boolean }) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const query = useQuery({ queryKey: orderingKeys.buyers(deferred), queryFn: ({ signal }) => orderingApi.buyers(deferred, signal), placeholderData: keepPreviousData });
  const options = (query.data?.buyers ?? []).map((b) => ({ value: buyerKey(b), label: `${b.name}（${b.code}）· ${b.description}` }));
  return (
    <Select<string>
      allowClear={props.allowClear}
      disabled={props.disabled}
      placeholder="代理商或门店"
      value={props.value}
      onChange={props.onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={query.isFetching}
      options={options}
      data-testid={props.testId}
    />
  );
}
