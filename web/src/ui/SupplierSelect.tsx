import { http } from '../api/request.ts';
import type { SearchOption } from '../api/search-option.ts';
import { ServerSearchSelect, type ServerSearchSelectProps } from './ServerSearchSelect.tsx';

export type SupplierOption = SearchOption;

export const supplierOptionsRoot = ['suppliers', 'options'] as const;

/** Enabled suppliers the caller may see (HQ: all; a supplier: itself), at most 200 per keyword. */
export function fetchSupplierOptions(keyword: string, signal?: AbortSignal): Promise<SupplierOption[]> {
  return http.get<SupplierOption[]>('/admin/api/v1/users/supplier/options', keyword ? { keyword } : undefined, { signal, toast: false });
}

export type SupplierSelectProps = ServerSearchSelectProps;

const SUPPLIERS = { queryKey: (keyword: string) => [...supplierOptionsRoot, keyword], fetch: fetchSupplierOptions, noun: '供应商' };

/** 供应商 picker with server-side search by code or name; the value is the supplier id. */
export function SupplierSelect({ placeholder = '输入编码或名称搜索', ...rest }: SupplierSelectProps) {
  return <ServerSearchSelect source={SUPPLIERS} placeholder={placeholder} {...rest} />;
}
