import { useDeferredValue, useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { warehouseApi, warehouseKeys } from '../warehouse-api.ts';

export interface ShopSelectProps extends Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> {
  /** the saved shop, shown even when it is not among the matches */
  current?: { id: number; name: string } | null;
}

/** 所属门店 picker: enabled shops searched on the server by code or name; the value is the shop id. */
export function ShopSelect({ current, placeholder = '输入门店编码或名称搜索', allowClear = true, ...rest }: ShopSelectProps) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const query = useQuery({
    queryKey: warehouseKeys.shops(deferred),
    queryFn: ({ signal }) => warehouseApi.shops(deferred, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const list = (query.data?.records ?? []).map((shop) => ({ value: shop.id, label: `${shop.name}（${shop.code}）` }));
    if (current && !list.some((option) => option.value === current.id)) list.unshift({ value: current.id, label: current.name });
    return list;
  }, [query.data, current]);
  return (
    <Select<number>
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      notFoundContent={query.isError ? '门店加载失败' : '无匹配的门店'}
      {...rest}
      options={options}
      loading={query.isFetching}
    />
  );
}
