import { ServerSearchSelect, type ServerSearchSelectProps } from '../../ui/ServerSearchSelect.tsx';
import { planningApi, planningKeys, type PickerKind } from './planning-api.ts';

const NOUNS: Record<PickerKind, string> = { agents: '代理商', shops: '门店', products: '款式' };

const sourceOf = (kind: PickerKind) => ({
  queryKey: (keyword: string) => planningKeys.options(kind, keyword),
  fetch: (keyword: string, signal?: AbortSignal) => planningApi.options(kind, keyword, signal),
  noun: NOUNS[kind],
});
const SOURCES = { agents: sourceOf('agents'), shops: sourceOf('shops'), products: sourceOf('products') };

/** 代理商 / 门店 / 款式 picker of the planning screens, searched on the server by code or name. */
export function PlanningPicker({ kind, placeholder = '输入编码或名称搜索', ...rest }: ServerSearchSelectProps & { kind: PickerKind }) {
  return <ServerSearchSelect source={SOURCES[kind]} placeholder={placeholder} {...rest} />;
}
