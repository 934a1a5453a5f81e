import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { PlusOutlined, FilterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Select, Tag, TreeSelect } from 'antd';
import {
  OrderingMessages,
  Permissions,
  SEASON_KIND_LABELS,
  SEASON_STYLES_BATCH_MAX,
  seasonStyleFilterSet,
  stylesAddedText,
  type SeasonRecord,
  type SeasonStyleFilter,
  type SeasonStyleRecord,
} from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { useBrandOptions, useCategoryPickTree } from '../../../api/product-form-options.ts';
import { orderingApi, orderingKeys, type SeasonStyleFilters } from '../../../api/ordering.ts';
import { useProductTagOptions } from '../ordering-options.ts';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: SeasonStyleFilters = {};
const DEFAULT_SORT = { field: 'styleNo', order: 'asc' } as const;

/** 按款式添加: on-sale styles searched on the server by style no. or name, several at once. */
function AddByPickModal({ season, open, onClose, onAdded }: { season: SeasonRecord; open: boolean; onClose: () => void; onAdded: () => void }) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const deferred = useDeferredValue(keyword.trim());
  const options = useQuery({
    queryKey: orderingKeys.productOptions(deferred),
    queryFn: ({ signal }) => orderingApi.productOptions(deferred, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setPicked([]);
    setKeyword('');
    onClose();
  };
  const add = async () => {
    if (picked.length === 0) return toast().error(OrderingMessages.stylesRequired);
    setSaving(true);
    try {
      const result = await orderingApi.addStyles(season.id, picked);
      toast().success(stylesAddedText(result));
      onAdded();
      close();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={`按款式添加 · ${season.name}`} open={open} onCancel={close} onOk={add} okText="加入" confirmLoading={saving} destroyOnHidden data-testid="season-add-pick">
      <Select<number[]>
        mode="multiple"
        style={{ width: '100%' }}
        placeholder="输入款号或名称搜索在售款式"
        value={picked}
        onChange={(ids) => setPicked(ids.slice(0, SEASON_STYLES_BATCH_MAX))}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={options.isFetching}
        options={(options.data ?? []).map((o) => ({ value: o.id, label: `${o.code} ${o.name}` }))}
        notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的在售款式'}
        data-testid="season-add-pick-select"
      />
    </Modal>
  );
}

/** 按条件添加: every on-sale style of a brand, category (with its children), season or tag. */
function AddByFilterModal({ season, open, onClose, onAdded }: { season: SeasonRecord; open: boolean; onClose: () => void; onAdded: () => void }) {
  const [form] = Form.useForm<SeasonStyleFilter>();
  const [saving, setSaving] = useState(false);
  const brands = useBrandOptions();
  const { tree: categories } = useCategoryPickTree();
  const tags = useProductTagOptions();
  const add = async () => {
    const filter = form.getFieldsValue();
    if (!seasonStyleFilterSet(filter)) return toast().error(OrderingMessages.filterRequired);
    setSaving(true);
    try {
      const result = await orderingApi.addStylesByFilter(season.id, filter);
      toast().success(stylesAddedText(result));
      onAdded();
      onClose();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={`按条件添加 · ${season.name}`} open={open} onCancel={onClose} onOk={add} okText="加入" confirmLoading={saving} destroyOnHidden data-testid="season-add-filter">
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="brandId" label="品牌">
          <Select allowClear placeholder="不限" options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))} data-testid="season-filter-brand" />
        </Form.Item>
        <Form.Item name="categoryId" label="商品分类" extra="含其下级分类">
          <TreeSelect allowClear placeholder="不限" treeData={categories} treeDefaultExpandAll data-testid="season-filter-category" />
        </Form.Item>
        <Form.Item name="season" label="季节">
          <DictSelect code="season" placeholder="不限" data-testid="season-filter-season" />
        </Form.Item>
        <Form.Item name="tagId" label="商品标签" extra="设置多项时须同时满足；只加入在售款式">
          <Select allowClear placeholder="不限" options={tags} data-testid="season-filter-tag" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 款式 of one season: list and search, add by picker or by filter, remove with confirmation. */
export function SeasonStylesDrawer({ season, onClose, onChanged }: { season: SeasonRecord | null; onClose: () => void; onChanged: () => void }) {
  const client = useQueryClient();
  const [adding, setAdding] = useState<'pick' | 'filter' | null>(null);
  const seasonId = season?.id ?? 0;
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: orderingKeys.seasonStyles(seasonId) });
    onChanged();
  }, [client, seasonId, onChanged]);
  const fetchPage = useMemo(() => orderingApi.seasonStyles.bind(null, seasonId), [seasonId]);

  const columns = useMemo<ListColumn<SeasonStyleRecord>[]>(
    () => [
      { key: 'styleNo', title: '款号', dataIndex: 'styleNo', sortable: true, width: 120 },
      { key: 'name', title: '名称', dataIndex: 'name', minWidth: 160, ellipsis: { showTitle: true } },
      { key: 'brand', title: '品牌', dataIndex: 'brandName', width: 90 },
      { key: 'category', title: '分类', dataIndex: 'categoryName', width: 90 },
      { key: 'season', title: '年份季节', width: 96, render: (_, row) => `${row.year} ${row.seasonName}`, exportValue: (row) => `${row.year} ${row.seasonName}` },
      moneyColumn<SeasonStyleRecord>({ key: 'wholesalePrice', title: '批发价', dataIndex: 'wholesalePriceFen', sortable: true, width: 110 }),
      {
        key: 'status',
        title: '状态',
        width: 80,
        render: (_, row) => (row.status === 'on_sale' ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>),
        exportValue: (row) => (row.status === 'on_sale' ? '在售' : '已下架'),
      },
      actionColumn(80, (row) => (
        <Permission code={Permissions.orderingSeasonEdit}>
          <Popconfirm
            title={`从订货季移除 ${row.styleNo}？`}
            okText="移除"
            okButtonProps={{ danger: true }}
            placement="topRight"
            onConfirm={async () => {
              try {
                await orderingApi.removeStyles(seasonId, [row.productId]);
                toast().success(`已移除 ${row.styleNo}`);
              } catch {
                // the request client has shown why
              }
              refresh();
            }}
          >
            <Button type="link" size="small" danger data-testid={`season-style-remove-${row.styleNo}`}>
              移除
            </Button>
          </Popconfirm>
        </Permission>
      )),
    ],
    [refresh, seasonId],
  );

  return (
    <Drawer
      open={season !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
      title={season ? `${season.name}（${SEASON_KIND_LABELS[season.kind]} · ${season.opensOn} 至 ${season.closesOn}）` : ''}
      data-testid="season-styles-drawer"
    >
      {season ? (
        <>
          <ListPage<SeasonStyleRecord, SeasonStyleFilters>
            listId="ordering-season-styles"
            title="订货款式"
            testId="season-styles"
            queryKey={orderingKeys.seasonStyles(season.id)}
            fetchPage={fetchPage}
            columns={columns}
            rowKey="productId"
            initialFilters={INITIAL_FILTERS}
            urlFilters={false}
            searchFields={[{ name: 'keyword', label: '款号/名称', input: <Input allowClear maxLength={40} placeholder="款号或名称" data-testid="season-styles-keyword" /> }]}
            defaultSort={DEFAULT_SORT}
            exportable={false}
            toolbar={[
              {
                key: 'pick',
                label: '按款式添加',
                type: 'primary',
                icon: <PlusOutlined />,
                permission: Permissions.orderingSeasonEdit,
                onClick: () => setAdding('pick'),
                testId: 'season-styles-add-pick',
              },
              {
                key: 'filter',
                label: '按条件添加',
                icon: <FilterOutlined />,
                permission: Permissions.orderingSeasonEdit,
                onClick: () => setAdding('filter'),
                testId: 'season-styles-add-filter',
              },
            ]}
          />
          <AddByPickModal season={season} open={adding === 'pick'} onClose={() => setAdding(null)} onAdded={refresh} />
          <AddByFilterModal season={season} open={adding === 'filter'} onClose={() => setAdding(null)} onAdded={refresh} />
        </>
      ) : null}
    </Drawer>
  );
}
