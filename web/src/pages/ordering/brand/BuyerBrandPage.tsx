import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Tag } from 'antd';
import { BuyerBrandMessages, Permissions, type BuyerBrandRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlId, urlOneOf, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { useBrandOptions } from '../../../api/product-form-options.ts';
import { BuyerKeySelect } from '../quota/quota-selects.tsx';
import { BuyerBrandFormModal } from './BuyerBrandFormModal.tsx';
import { buyerBrandApi, buyerBrandKeys, type BuyerBrandFilters } from './buyer-brands-api.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: BuyerBrandFilters = {};
const URL_FILTERS: ListUrlFilters<BuyerBrandFilters> = { buyerType: urlOneOf(['agent', 'shop'] as const), buyer: urlCode, brandId: urlId };
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;
const BUYER_TYPE_LABELS = { agent: '代理商', shop: '门店' } as const;
const BUYER_TYPE_OPTIONS = [
  { value: 'agent', label: '代理商' },
  { value: 'shop', label: '门店' },
];

function BrandSelect(props: { value?: number; onChange?: (id: number | undefined) => void }) {
  const brands = useBrandOptions();
  return (
    <Select<number>
      allowClear
      placeholder="全部品牌"
      value={props.value}
      onChange={props.onChange}
      loading={brands.isFetching}
      options={(brands.data ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }))}
      data-testid="buyer-brand-brand"
    />
  );
}

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'buyerType', label: '订货方类型', input: <Select allowClear placeholder="全部" options={BUYER_TYPE_OPTIONS} data-testid="buyer-brand-type" /> },
  { name: 'buyer', label: '订货方', input: <BuyerKeySelect allowClear testId="buyer-brand-buyer" /> },
  { name: 'brandId', label: '品牌', input: <BrandSelect /> },
];

/**
 * 可订品牌 (ordering/brand): the brands each buyer may order. HQ adds and removes them; an agent sees
 * its own and its shops', a shop its own, read only. A buyer not listed may order every brand.
 */
export function BuyerBrandPage() {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  // agents and shops read their list: no 操作 column for them
  const canEdit = usePermission()(Permissions.orderingBrandEdit);
  // the catalogue's brand filter and styles follow the change too
  const refresh = useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: buyerBrandKeys.list }), client.invalidateQueries({ queryKey: ['ordering', 'catalogue'] })]),
    [client],
  );

  const columns = useMemo<ListColumn<BuyerBrandRecord>[]>(() => {
    const remove = async (row: BuyerBrandRecord) => {
      try {
        await buyerBrandApi.remove(row.id);
        toast().success(BuyerBrandMessages.removed);
      } catch {
        // the request client has shown why
      }
      void refresh();
    };
    const base: ListColumn<BuyerBrandRecord>[] = [
      {
        key: 'buyerType',
        title: '订货方类型',
        dataIndex: 'buyerType',
        width: 110,
        render: (_, row) => BUYER_TYPE_LABELS[row.buyerType],
        exportValue: (row) => BUYER_TYPE_LABELS[row.buyerType],
      },
      {
        key: 'buyerName',
        title: '订货方',
        dataIndex: 'buyerName',
        width: 280,
        ellipsis: { showTitle: true },
        render: (_, row) => `${row.buyerName}（${row.buyerCode}）`,
        exportValue: (row) => `${row.buyerName}（${row.buyerCode}）`,
      },
      {
        key: 'brandCode',
        title: '可订品牌',
        dataIndex: 'brandName',
        sortable: true,
        width: 220,
        render: (_, row) => (
          <>
            {`${row.brandName}（${row.brandCode}）`}
            {row.brandEnabled ? null : (
              <Tag color="default" style={{ marginLeft: 8 }}>
                已停用
              </Tag>
            )}
          </>
        ),
        exportValue: (row) => `${row.brandName}（${row.brandCode}）${row.brandEnabled ? '' : '（已停用）'}`,
      },
      { key: 'createdByName', title: '添加人', dataIndex: 'createdByName', width: 120 },
      dateTimeColumn('createdAt', '添加时间', { width: 170 }),
    ];
    if (!canEdit) return base;
    return [
      ...base,
      actionColumn(90, (row) => (
        <Popconfirm
          title={`删除“${row.buyerName}”的可订品牌“${row.brandName}”？`}
          description="订货方没有可订品牌时，可订购全部品牌"
          okText="删除"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(row)}
          placement="topRight"
        >
          <Button type="link" size="small" danger data-testid={`buyer-brand-delete-${row.id}`}>
            删除
          </Button>
        </Popconfirm>
      )),
    ];
  }, [canEdit, refresh]);

  return (
    <>
      <ListPage<BuyerBrandRecord, BuyerBrandFilters>
        listId="ordering-buyer-brands"
        title="可订品牌"
        testId="buyer-brands"
        queryKey={buyerBrandKeys.list}
        fetchPage={buyerBrandApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.orderingBrandEdit,
            onClick: () => setAdding(true),
            testId: 'buyer-brand-add',
          },
        ]}
      />
      <BuyerBrandFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          void refresh();
        }}
      />
    </>
  );
}
