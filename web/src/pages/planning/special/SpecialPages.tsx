import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Select, Space, Tag } from 'antd';
import {
  displayOrEmpty,
  PlanningMessages,
  Permissions,
  SPECIAL_STATE_LABELS,
  SPECIAL_STATES,
  SPECIAL_TARGET_LABELS,
  specialPriceText,
  type SpecialRecord,
  type SpecialState,
  type SpecialTargetType,
} from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { planningApi, planningKeys, type SpecialFilters } from '../planning-api.ts';
import { SpecialFormModal } from './SpecialFormModal.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: SpecialFilters = {};
const URL_FILTERS: ListUrlFilters<SpecialFilters> = { keyword: urlText, state: urlOneOf(SPECIAL_STATES) };
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;
const STATE_COLORS: Record<SpecialState, string> = { active: 'green', upcoming: 'blue', expired: 'default', disabled: 'default' };

const searchFields = (targetType: SpecialTargetType): ListSearchField[] => [
  {
    name: 'keyword',
    label: '关键字',
    input: <Input allowClear maxLength={40} placeholder={targetType === 'condition' ? '特价名称' : '特价名称 / 代理商 / 门店'} data-testid="special-keyword" />,
  },
  {
    name: 'state',
    label: '状态',
    input: <Select allowClear placeholder="全部" options={SPECIAL_STATES.map((s) => ({ value: s, label: SPECIAL_STATE_LABELS[s] }))} data-testid="special-state" />,
  },
];

/** 品牌 夏装 · 分类 上衣 …: a special's conditions in one line. */
export function conditionText(row: SpecialRecord): string {
  const parts = [
    row.brandId !== null ? `品牌 ${row.brandName || '（已删除）'}` : '',
    row.categoryId !== null ? `分类 ${row.categoryName || '（已删除）'}` : '',
    row.season ? `季节 ${row.seasonName || row.season}` : '',
    row.tagId !== null ? `标签 ${row.tagName || '（已删除）'}` : '',
    row.productId !== null ? `款式 ${row.productStyleNo}` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/** One 特价 list: the agent, shop and condition pages differ only in their target column and form field. */
function SpecialListPage({ targetType }: { targetType: SpecialTargetType }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ record: SpecialRecord | null } | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['planning', 'specials'] }), [client]);
  const fetchPage = useMemo(() => planningApi.specials.bind(null, targetType), [targetType]);

  const columns = useMemo<ListColumn<SpecialRecord>[]>(() => {
    const act = async (work: () => Promise<unknown>, message: string) => {
      try {
        await work();
        toast().success(message);
      } catch {
        // the request client has shown why
      }
      void refresh();
    };
    const target: ListColumn<SpecialRecord>[] =
      targetType === 'agent'
        ? [{ key: 'agent', title: '代理商', dataIndex: 'agentName', width: 200, ellipsis: { showTitle: true } }]
        : targetType === 'shop'
          ? [{ key: 'shop', title: '门店', dataIndex: 'shopName', width: 200, ellipsis: { showTitle: true } }]
          : [];
    return [
      { key: 'name', title: '特价名称', dataIndex: 'name', sortable: true, minWidth: 160, ellipsis: { showTitle: true } },
      ...target,
      {
        key: 'conditions',
        title: targetType === 'condition' ? '条件' : '限定条件',
        width: 240,
        ellipsis: { showTitle: true },
        render: (_, row) => displayOrEmpty(conditionText(row)),
        exportValue: conditionText,
      },
      { key: 'price', title: '特价', width: 150, render: (_, row) => specialPriceText(row), exportValue: specialPriceText },
      { key: 'validFrom', title: '开始日期', dataIndex: 'validFrom', sortable: true, width: 108 },
      { key: 'validTo', title: '结束日期', dataIndex: 'validTo', sortable: true, width: 108 },
      {
        key: 'state',
        title: '状态',
        dataIndex: 'state',
        width: 84,
        render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{SPECIAL_STATE_LABELS[row.state]}</Tag>,
        exportValue: (row) => SPECIAL_STATE_LABELS[row.state],
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('createdAt', '创建时间', { defaultHidden: true }),
      actionColumn(160, (row) => (
        <Permission code={Permissions.planningSpecialEdit}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`special-edit-${row.id}`}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger={row.enabled}
              onClick={() => act(() => planningApi.updateSpecial(row.id, { enabled: !row.enabled }), row.enabled ? PlanningMessages.disabled : PlanningMessages.enabled)}
              data-testid={`special-toggle-${row.id}`}
            >
              {row.enabled ? '停用' : '启用'}
            </Button>
            <Popconfirm
              title="删除后不可恢复，确定删除该特价？"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => act(() => planningApi.removeSpecial(row.id), PlanningMessages.deleted)}
              placement="topRight"
            >
              <Button type="link" size="small" danger data-testid={`special-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      )),
    ];
  }, [refresh, targetType]);

  return (
    <>
      <ListPage<SpecialRecord, SpecialFilters>
        listId={`planning-special-${targetType}`}
        title={SPECIAL_TARGET_LABELS[targetType]}
        testId={`special-${targetType}`}
        queryKey={planningKeys.specials(targetType)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={searchFields(targetType)}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1100 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.planningSpecialEdit,
            onClick: () => setEditing({ record: null }),
            testId: 'special-add',
          },
        ]}
      />
      <SpecialFormModal
        targetType={targetType}
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}

/** 代理商特价 (planning/special/agent) */
export function SpecialAgentPage() {
  return <SpecialListPage targetType="agent" />;
}

/** 门店特价 (planning/special/shop) */
export function SpecialShopPage() {
  return <SpecialListPage targetType="shop" />;
}

/** 条件特价 (planning/special/condition): by brand, category, season, tag or style */
export function SpecialConditionPage() {
  return <SpecialListPage targetType="condition" />;
}
