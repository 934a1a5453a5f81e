import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Tag } from 'antd';
import {
  displayOrEmpty,
  OrderingMessages,
  Permissions,
  SEASON_KIND_LABELS,
  SEASON_KINDS,
  SEASON_STATUS_LABELS,
  SEASON_STATUSES,
  type SeasonRecord,
  type SeasonStatus,
} from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { orderingApi, orderingKeys, type SeasonFilters } from '../../../api/ordering.ts';
import { SeasonFormModal } from './SeasonFormModal.tsx';
import { SeasonStylesDrawer } from './SeasonStylesDrawer.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: SeasonFilters = {};
const URL_FILTERS: ListUrlFilters<SeasonFilters> = { keyword: urlText, kind: urlOneOf(SEASON_KINDS), status: urlOneOf(SEASON_STATUSES) };
const DEFAULT_SORT = { field: 'opensOn', order: 'desc' } as const;
const STATUS_COLORS: Record<SeasonStatus, string> = { open: 'green', upcoming: 'blue', ended: 'default', disabled: 'default' };

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={40} placeholder="编码 / 名称" data-testid="season-keyword" /> },
  {
    name: 'kind',
    label: '订货类型',
    input: <Select allowClear placeholder="全部" options={SEASON_KINDS.map((k) => ({ value: k, label: SEASON_KIND_LABELS[k] }))} data-testid="season-kind" />,
  },
  {
    name: 'status',
    label: '状态',
    input: <Select allowClear placeholder="全部" options={SEASON_STATUSES.map((s) => ({ value: s, label: SEASON_STATUS_LABELS[s] }))} data-testid="season-status" />,
  },
];

/** 订货季 (ordering/season): HQ's seasons, their dates and status, and the styles each offers. */
export function SeasonPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ record: SeasonRecord | null } | null>(null);
  const [styles, setStyles] = useState<SeasonRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: orderingKeys.seasons }), [client]);

  const columns = useMemo<ListColumn<SeasonRecord>[]>(() => {
    const toggle = async (row: SeasonRecord) => {
      try {
        await orderingApi.updateSeason(row.id, { enabled: !row.enabled });
        toast().success(row.enabled ? OrderingMessages.disabled : OrderingMessages.enabled);
      } catch {
        // the request client has shown why
      }
      void refresh();
    };
    return [
      { key: 'code', title: '编码', dataIndex: 'code', sortable: true, width: 130 },
      { key: 'name', title: '订货季名称', dataIndex: 'name', minWidth: 180, ellipsis: { showTitle: true } },
      {
        key: 'kind',
        title: '订货类型',
        dataIndex: 'kind',
        width: 90,
        render: (_, row) => <Tag color={row.kind === 'spot' ? 'cyan' : 'purple'}>{SEASON_KIND_LABELS[row.kind]}</Tag>,
        exportValue: (row) => SEASON_KIND_LABELS[row.kind],
      },
      { key: 'opensOn', title: '开始日期', dataIndex: 'opensOn', sortable: true, width: 108 },
      { key: 'closesOn', title: '结束日期', dataIndex: 'closesOn', sortable: true, width: 108 },
      {
        key: 'status',
        title: '状态',
        dataIndex: 'status',
        width: 84,
        render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{SEASON_STATUS_LABELS[row.status]}</Tag>,
        exportValue: (row) => SEASON_STATUS_LABELS[row.status],
      },
      { key: 'styleCount', title: '款式数', dataIndex: 'styleCount', width: 80, align: 'right', kind: 'quantity' },
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 200, ellipsis: { showTitle: true }, render: displayOrEmpty },
      dateTimeColumn('createdAt', '创建时间', { defaultHidden: true }),
      actionColumn(170, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setStyles(row)} data-testid={`season-styles-${row.id}`}>
            款式
          </Button>
          <Permission code={Permissions.orderingSeasonEdit}>
            <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`season-edit-${row.id}`}>
              编辑
            </Button>
            <Button type="link" size="small" danger={row.enabled} onClick={() => toggle(row)} data-testid={`season-toggle-${row.id}`}>
              {row.enabled ? '停用' : '启用'}
            </Button>
          </Permission>
        </Space>
      )),
    ];
  }, [refresh]);

  return (
    <>
      <ListPage<SeasonRecord, SeasonFilters>
        listId="ordering-seasons"
        title="订货季"
        testId="seasons"
        queryKey={orderingKeys.seasons}
        fetchPage={orderingApi.seasons}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1180 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.orderingSeasonEdit,
            onClick: () => setEditing({ record: null }),
            testId: 'season-add',
          },
        ]}
      />
      <SeasonFormModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <SeasonStylesDrawer season={styles} onClose={() => setStyles(null)} onChanged={refresh} />
    </>
  );
}
