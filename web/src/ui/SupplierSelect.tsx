import { useDeferredValue, useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../api/request.ts';

export interface SupplierOption {
  id: number;
  code: string;
  name: string;
}

export const supplierOptionsRoot = ['suppliers', 'options'] as const;

/** Enabled suppliers the caller may see (HQ: all; a supplier: itself), at most 200 per keyword. */
export function fetchSupplierOptions(keyword: string, signal?: AbortSignal): Promise<SupplierOption[]> {
  return http.get<SupplierOption[]>('/admin/api/v1/users/supplier/options', keyword ? { keyword } : undefined, { signal, toast: false });
}

export interface SupplierSelectProps extends Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> {
  /** the saved supplier, shown even when it is not among the first 200 matches (or now disabled) */
  current?: { id: number; name: string } | null;
}

/** 供应商 picker with server-side search by code or name; the value is the supplier id. */
export function SupplierSelect({ current, placeholder = '输入编码或名称搜索', allowClear = true, ...rest }: SupplierSelectProps) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const query = useQuery({
    queryKey: [...supplierOptionsRoot, deferred],
    queryFn: ({ signal }) => fetchSupplierOptions(deferred, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const list = (query.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }));
    if (current && !list.some((o) => o.value === current.id)) list.unshift({ value: current.id, label: current.name });
    return list;
  }, [query.data, current]);
  return (
    <Select<number>
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      notFoundContent={query.isError ? '供应商加载失败' : '无匹配的供应商'}
      {...rest}
      options={options}
      loading={query.isFetching}
    />
  );
}
