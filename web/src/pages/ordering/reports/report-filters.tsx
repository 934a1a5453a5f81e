import { Checkbox, DatePicker, Input, Select } from 'antd';
import { ORDER_REPORT_STATUSES, SALES_ORDER_STATUS_LABELS, type OrderReportStatus } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlDateRange, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { buyerKey } from '../../../api/quotas.ts';
import { useReportOptions, type ReportFilters } from './ordering-reports-api.ts';

// The filters 发货明细 and 订货汇总 share: 订货季, 购货方, 收货门店 (the choices the user's orders
// hold), 款号/品名, 订单号, 状态 and 下单日期, in the address like every list's.

/** A name cut with … past `width` px, the whole of it on hover (a list's auto-sized column stays narrow). */
export function Clip({ text, width }: { text: string; width: number }) {
  return (
    <span className="order-report__clip" style={{ maxWidth: width }} title={text}>
      {text}
    </span>
  );
}

const STATUS_OPTIONS = ORDER_REPORT_STATUSES.map((s) => ({ value: s, label: SALES_ORDER_STATUS_LABELS[s] }));

export const REPORT_URL_FILTERS: ListUrlFilters<ReportFilters> = {
  seasonId: urlId,
  buyer: urlCode,
  shopId: urlId,
  keyword: urlText,
  orderNo: urlText,
  status: urlOneOf(ORDER_REPORT_STATUSES),
  range: urlDateRange(),
};

interface OptionSelectProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  testId?: string;
  allowClear?: boolean;
  placeholder?: string;
}

type ReportOptions = NonNullable<ReturnType<typeof useReportOptions>['data']>;

/** A select over one kind of the report's choices (what the user's orders hold), searchable by label. */
function ReportOptionSelect<V extends string | number>({ choices, ...props }: OptionSelectProps<V> & { choices: (data: ReportOptions) => { value: V; label: string }[] }) {
  const options = useReportOptions();
  return (
    <Select<V>
      allowClear={props.allowClear ?? true}
      placeholder={props.placeholder ?? '全部'}
      value={props.value}
      onChange={props.onChange}
      loading={options.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      options={options.data ? choices(options.data) : []}
      data-testid={props.testId}
    />
  );
}

export function ReportSeasonSelect(props: OptionSelectProps<number>) {
  return <ReportOptionSelect<number> {...props} choices={(data) => data.seasons.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))} />;
}

/** 购货方 of the user's orders; the value is `agent:1` / `shop:3`. */
export function ReportBuyerSelect(props: OptionSelectProps<string>) {
  return (
    <ReportOptionSelect<string>
      {...props}
      choices={(data) => data.buyers.map((b) => ({ value: buyerKey(b), label: `${b.name}（${b.code}）· ${b.type === 'agent' ? '代理商' : '门店'}` }))}
    />
  );
}

export function ReportShopSelect(props: OptionSelectProps<number>) {
  return <ReportOptionSelect<number> {...props} choices={(data) => data.shops.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))} />;
}

/** A shop sees only the orders it receives: no buyer or shop to choose. */
export const isShopUser = () => getUserInfo()?.roleType === 'shop';

/** The search fields, testids `<prefix>-season`, `-buyer`, `-shop`, `-keyword`, `-order-no`, `-status`, `-range`; `extra` come after 状态. */
export function reportSearchFields(prefix: string, extra: ListSearchField[] = []): ListSearchField[] {
  const party = isShopUser()
    ? []
    : [
        { name: 'buyer', label: '购货方', input: <ReportBuyerSelect testId={`${prefix}-buyer`} /> },
        { name: 'shopId', label: '收货门店', input: <ReportShopSelect testId={`${prefix}-shop`} /> },
      ];
  return [
    { name: 'seasonId', label: '订货季', input: <ReportSeasonSelect testId={`${prefix}-season`} /> },
    ...party,
    { name: 'keyword', label: '款号/品名', input: <Input allowClear maxLength={64} placeholder="款号或品名" data-testid={`${prefix}-keyword`} /> },
    { name: 'orderNo', label: '订单号', input: <Input allowClear maxLength={32} placeholder="订单号" data-testid={`${prefix}-order-no`} /> },
    { name: 'status', label: '状态', input: <Select<OrderReportStatus> allowClear placeholder="全部（不含草稿）" options={STATUS_OPTIONS} data-testid={`${prefix}-status`} /> },
    ...extra,
    { name: 'range', label: '下单日期', wide: true, input: <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid={`${prefix}-range`} /> },
  ];
}

/** 只看未发完 as a form field: checked -> 'true', unchecked -> nothing. */
export function OutstandingOnly(props: { value?: 'true'; onChange?: (value: 'true' | undefined) => void; testId?: string }) {
  return (
    <Checkbox checked={props.value === 'true'} onChange={(e) => props.onChange?.(e.target.checked ? 'true' : undefined)} data-testid={props.testId}>
      只看未发完
    </Checkbox>
  );
}
