import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { GroupSummaryTab } from './GroupSummaryTab.tsx';
import { StyleSummaryTab } from './StyleSummaryTab.tsx';
import '../reports/ordering-reports.css';

const TABS = ['style', 'buyer', 'season'] as const;
type SummaryTab = (typeof TABS)[number];

/**
 * 订货汇总 (ordering/summary): the orders past draft in the user's scope by style (尺码横排), by buyer
 * and by season — ordered, approved, shipped, received and outstanding pieces and amounts. The tab
 * shown is in the address (?tab=buyer) beside each tab's own filters.
 */
export function OrderSummaryPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') as SummaryTab) ? (params.get('tab') as SummaryTab) : 'style';
  const showTab = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'style') next.delete('tab');
      else next.set('tab', key);
      return next;
    });
  return (
    <Tabs
      activeKey={tab}
      onChange={showTab}
      destroyOnHidden={false}
      items={[
        { key: 'style', label: '按款（尺码横排）', children: <StyleSummaryTab /> },
        { key: 'buyer', label: '按购货方', children: <GroupSummaryTab group="buyers" /> },
        { key: 'season', label: '按订货季', children: <GroupSummaryTab group="seasons" /> },
      ]}
      data-testid="sum-tabs"
    />
  );
}
