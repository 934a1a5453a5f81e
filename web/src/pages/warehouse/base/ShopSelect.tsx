import { ServerSearchSelect, type ServerSearchSelectProps } from '../../../ui/ServerSearchSelect.tsx';
import { warehouseApi, warehouseKeys } from '../warehouse-api.ts';

export type ShopSelectProps = ServerSearchSelectProps;

const SHOPS = {
  queryKey: warehouseKeys.shops,
  fetch: async (keyword: string, signal?: AbortSignal) => (await warehouseApi.shops(keyword, signal)).records,
  noun: '门店',
};

/** 所属门店 picker: enabled shops searched on the server by code or name; the value is the shop id. */
export function ShopSelect({ placeholder = '输入门店编码或名称搜索', ...rest }: ShopSelectProps) {
  return <ServerSearchSelect source={SHOPS} placeholder={placeholder} {...rest} />;
}
