import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { displayOrEmpty, formatYuan, Permissions, REBATE_BASES, REBATE_BASIS_LABELS, rebateRateText, RebateMessages, type RebateRuleRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SeasonSelect } from '../../../ui/SeasonSelect.tsx';
import { rebateApi, rebateKeys, type RebateRuleFilters } from './rebate-api.ts';
import { RebatePreviewDrawer } from './RebatePreviewDrawer.tsx';
import { RebateRuleFormModal } from './RebateRuleFormModal.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: RebateRuleFilters = {};
const DEFAULT_SORT = { field: 'updatedAt', order: 'desc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'seasonId', label: '订货季', input: <SeasonSelect allowClear testId="rebate-rules-season" /> },
  {
    name: 'basis',
    label: '口径',
    input: <Select allowClear placeholder="全部" options={REBATE_BASES.map((b) => ({ value: b, label: REBATE_BASIS_LABELS[b] }))} data-testid="rebate-rules-basis" />,
  },
];

const tiersText = (row: RebateRuleRecord) => row.tiers.map((t) => `满${formatYuan(t.thresholdFen)}返${rebateRateText(t.rateBp)}`).join('；');

/** 返利规则 (HQ): per season and agent level, with tiers; 计算 opens the preview where 入账 happens. */
export function RebateRulesList({ onPosted }: { onPosted: () => void }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ record: RebateRuleRecord | null } | null>(null);
  const [previewing, setPreviewing] = useState<RebateRuleRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: rebateKeys.rules }), [client]);

  const columns = useMemo<ListColumn<RebateRuleRecord>[]>(
    () => [
      { key: 'seasonName', title: '订货季', dataIndex: 'seasonName', sortable: true, width: 170, ellipsis: { showTitle: true } },
      { key: 'agentLevelName', title: '代理级别', dataIndex: 'agentLevelName', width: 100 },
      {
        key: 'basis',
        title: '口径',
        dataIndex: 'basis',
        sortable: true,
        width: 110,
        render: (_, row) => REBATE_BASIS_LABELS[row.basis],
        exportValue: (row) => REBATE_BASIS_LABELS[row.basis],
      },
      { key: 'tiers', title: '档位', dataIndex: 'tiers', width: 320, render: (_, row) => tiersText(row), exportValue: tiersText },
      {
        key: 'enabled',
        title: '状态',
        dataIndex: 'enabled',
        width: 80,
        render: (_, row) => (row.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        exportValue: (row) => (row.enabled ? '启用' : '停用'),
      },
      { key: 'postedCount', title: '已入账(张)', dataIndex: 'postedCount', width: 100, align: 'right', kind: 'quantity' },
      moneyColumn<RebateRuleRecord>({ title: '已入账金额', dataIndex: 'postedFen', width: 130 }),
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty },
      dateTimeColumn('updatedAt', '更新时间', { defaultHidden: true }),
      actionColumn(170, (row) => (
        <Permission code={Permissions.financeRebateEdit}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setPreviewing(row)} data-testid={`rebate-rule-preview-${row.id}`}>
              计算
            </Button>
            <Button
              type="link"
              size="small"
              disabled={row.postedCount > 0}
              title={row.postedCount > 0 ? RebateMessages.ruleLocked : undefined}
              onClick={() => setEditing({ record: row })}
              data-testid={`rebate-rule-edit-${row.id}`}
            >
              编辑
            </Button>
            <Popconfirm
              title="删除该返利规则？"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await rebateApi.deleteRule(row.id);
                toast().success(RebateMessages.deleted);
                void refresh();
              }}
            >
              <Button type="link" size="small" danger disabled={row.postedCount > 0} data-testid={`rebate-rule-delete-${row.id}`}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </Permission>
      )),
    ],
    [refresh],
  );

  return (
    <>
      <ListPage<RebateRuleRecord, RebateRuleFilters>
        listId="finance-rebate-rules"
        title="返利规则"
        testId="rebate-rules"
        queryKey={rebateKeys.rules}
        fetchPage={rebateApi.rules}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={false}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={[
          {
            key: 'add',
            label: '新增规则',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.financeRebateEdit,
            onClick: () => setEditing({ record: null }),
            testId: 'rebate-rule-add',
          },
        ]}
      />
      <RebateRuleFormModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <RebatePreviewDrawer
        rule={previewing}
        onClose={() => setPreviewing(null)}
        onPosted={() => {
          void refresh();
          onPosted();
        }}
      />
    </>
  );
}
