import { useCallback, useMemo } from 'react';
import { Alert, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, Permissions, regionLabel, SHOP_KIND_LABELS, SHOP_KINDS, type ShopRecord } from '@erp/shared';
import { useUserInfo } from '../../../api/queries.ts';
import { dictLabel, useDictOptions } from '../../../api/use-dict.ts';
import { Permission } from '../../../access/Permission.tsx';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { agentApi, partyKeys, shopApi } from '../party/party-api.ts';
import { keywordField, partyColumns, statusField } from '../party/party-columns.tsx';
import { PartyListPage } from '../party/PartyListPage.tsx';
import { ShopEditDrawer } from './ShopEditDrawer.tsx';

const KIND_OPTIONS = SHOP_KINDS.map((kind) => ({ value: kind, label: SHOP_KIND_LABELS[kind] }));

/** 门店 (users/shop): HQ sees every shop, an agent its own shops, a shop only itself. */
export function ShopPage() {
  const user = useUserInfo();
  const hq = user.data?.scope.kind === 'all';
  const isAgent = user.data?.scope.kind === 'agent';
  const regions = useDictOptions('region');
  const agents = useQuery({ queryKey: partyKeys.agentOptions, queryFn: ({ signal }) => agentApi.options(signal), enabled: hq });

  const searchFields = useMemo<ListSearchField[]>(() => {
    const fields: ListSearchField[] = [
      keywordField('编码 / 名称 / 联系人 / 电话 / 店长', 'shop-keyword'),
      { name: 'kind', label: '类型', input: <Select allowClear placeholder="全部" options={KIND_OPTIONS} data-testid="shop-kind" /> },
      { name: 'region', label: '区域', input: <DictSelect code="region" placeholder="全部" data-testid="shop-region" /> },
      statusField('shop-status'),
    ];
    if (hq) {
      const options = (agents.data ?? []).map((agent) => ({ value: agent.id, label: `${agent.name}（${agent.code}）` }));
      fields.splice(2, 0, {
        name: 'agentId',
        label: '代理商',
        input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={options} data-testid="shop-agent" />,
      });
    }
    return fields;
  }, [hq, agents.data]);

  const regionText = useCallback((value: string) => dictLabel(regions.options, value) || regionLabel(value), [regions.options]);

  const columns = useMemo<ListColumn<ShopRecord>[]>(() => {
    const c = partyColumns<ShopRecord>();
    const all: ListColumn<ShopRecord>[] = [
      c.code,
      c.name,
      {
        key: 'kind',
        title: '类型',
        dataIndex: 'kind',
        width: 80,
        render: (_, row) => <Tag color={row.kind === 'direct' ? 'blue' : 'purple'}>{SHOP_KIND_LABELS[row.kind]}</Tag>,
        exportValue: (row) => SHOP_KIND_LABELS[row.kind],
      },
      {
        key: 'agentName',
        title: '所属代理商',
        dataIndex: 'agentName',
        width: 180,
        ellipsis: { showTitle: true },
        render: (_, row) => (row.kind === 'direct' ? '总部直营' : displayOrEmpty(row.agentName)),
        exportValue: (row) => (row.kind === 'direct' ? '总部直营' : row.agentName),
      },
      { key: 'region', title: '区域', dataIndex: 'region', width: 64, render: (_, row) => displayOrEmpty(regionText(row.region)), exportValue: (row) => regionText(row.region) },
      { key: 'managerName', title: '店长', dataIndex: 'managerName', width: 80, render: displayOrEmpty },
      c.phone,
      { key: 'areaSqm', title: '面积(㎡)', dataIndex: 'areaSqm', sortable: true, width: 100, align: 'right', render: displayOrEmpty },
      { key: 'openedOn', title: '开业日期', dataIndex: 'openedOn', sortable: true, width: 116, render: displayOrEmpty },
      {
        key: 'city',
        title: '省市',
        width: 130,
        defaultHidden: true,
        render: (_, row) => displayOrEmpty([row.province, row.city].filter(Boolean).join(' ')),
        exportValue: (row) => [row.province, row.city].filter(Boolean).join(' '),
      },
      { ...c.address, defaultHidden: true },
      { ...c.contactName, defaultHidden: true },
      c.accountCount,
      c.status,
      c.remark,
      c.createdAt,
    ];
    // an agent's or a shop's list holds one agent at most: the column says nothing there
    return hq ? all : all.filter((column) => column.key !== 'agentName');
    // the region labels follow the dictionary
  }, [regionText, hq]);

  return (
    <PartyListPage
      kind="shop"
      fetchPage={shopApi.page}
      columns={columns}
      searchFields={searchFields}
      scrollX={hq ? 1280 : 1100}
      notice={
        isAgent ? (
          <Permission code={Permissions.shopEdit}>
            <Alert
              type="info"
              showIcon
              className="erp-list__notice"
              style={{ marginBottom: 12 }}
              title="这里列出您名下的门店。门店由总部新增；您可以编辑门店资料、管理门店账号，门店编码、类型和所属代理商由总部设置。"
            />
          </Permission>
        ) : null
      }
      renderEditor={(editor) => <ShopEditDrawer {...editor} hq={hq} />}
    />
  );
}
