import { useDeferredValue, useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { SearchOption } from '../api/search-option.ts';

export interface ServerSearchSelectProps extends Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> {
  /** the saved row, shown even when it is not among the matches (or now disabled) */
  current?: { id: number; name: string } | null;
}

interface SearchSource {
  queryKey: (keyword: string) => QueryKey;
  fetch: (keyword: string, signal?: AbortSignal) => Promise<SearchOption[]>;
  /** what is picked, for the empty and failed texts (门店, 供应商) */
  noun: string;
}

/** A picker searched on the server as the user types (the keyword trimmed and deferred). */
export function ServerSearchSelect({ source, current, allowClear = true, ...rest }: ServerSearchSelectProps & { source: SearchSource }) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const query = useQuery({
    queryKey: source.queryKey(deferred),
    queryFn: ({ signal }) => source.fetch(deferred, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const list = (query.data ?? []).map((row) => ({ value: row.id, label: `${row.name}（${row.code}）` }));
    if (current && !list.some((option) => option.value === current.id)) list.unshift({ value: current.id, label: current.name });
    return list;
  }, [query.data, current]);
  return (
    <Select<number>
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      notFoundContent={query.isError ? `${source.noun}加载失败` : `无匹配的${source.noun}`}
      {...rest}
      options={options}
      loading={query.isFetching}
    />
  );
}
