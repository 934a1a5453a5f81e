import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Tag } from 'antd';
import { displayOrEmpty, percentToDiscount, PlanningMessages, Permissions, POLICY_TARGET_LABELS, POLICY_TARGET_TYPES, rateText, type PolicyRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlBool, urlOneOf, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { planningApi, planningKeys, type PolicyFilters } from '../planning-api.ts';
import { PolicyFormModal } from './PolicyFormModal.tsx';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: PolicyFilters = {};
const URL_FILTERS: ListUrlFilters<PolicyFilters> = { targetType: urlOneOf(POLICY_TARGET_TYPES), enabled: urlBool };
const DEFAULT_SORT = { field: 'id', order: 'asc' } as const;
const TARGET_OPTIONS = POLICY_TARGET_TYPES.map((type) => ({ value: type, label: POLICY_TARGET_LABELS[type] }));
const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'targetType', label: '政策对象', input: <Select allowClear placeholder="全部" options={TARGET_OPTIONS} data-testid="policy-target" /> },
  {
    name: 'enabled',
    label: '状态',
    input: (
      <Select
        allowClear
        placeholder="全部"
        options={[
          { value: 'true', label: '启用' },
          { value: 'false', label: '停用' },
        ]}
        data-testid="policy-status"
      />
    ),
  },
];
const percentText = (bp: number) => percentToDiscount(bp / 100);

/** 政策明细 (planning/policy): the discount, 退货率 and 换货率 of each agent level and each shop kind. */
export function PolicyPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ record: PolicyRecord | null } | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: planningKeys.policies }), [client]);

  const columns = useMemo<ListColumn<PolicyRecord>[]>(() => {
    const toggle = async (row: PolicyRecord) => {
      try {
        await planningApi.updatePolicy(row.id, { enabled: !row.enabled });
        toast().success(row.enabled ? PlanningMessages.disabled : PlanningMessages.enabled);
      } catch {
        // the request client has shown why
      }
      void refresh();
    };
    return [
      { key: 'targetType', title: '政策对象', width: 104, render: (_, row) => POLICY_TARGET_LABELS[row.targetType], exportValue: (row) => POLICY_TARGET_LABELS[row.targetType] },
      { key: 'targetName', title: '级别 / 类型', dataIndex: 'targetName', width: 120, render: (_, row) => displayOrEmpty(row.targetName || row.targetValue) },
      { key: 'rate', title: '折扣率', dataIndex: 'rateBp', sortable: true, width: 140, render: (_, row) => rateText(row.rateBp), exportValue: (row) => rateText(row.rateBp) },
      {
        key: 'returnRate',
        title: '退货率',
        dataIndex: 'returnRateBp',
        width: 96,
        align: 'right',
        render: (_, row) => percentText(row.returnRateBp),
        exportValue: (row) => percentText(row.returnRateBp),
      },
      {
        key: 'swapRate',
        title: '换货率',
        dataIndex: 'swapRateBp',
        width: 96,
        align: 'right',
        render: (_, row) => percentText(row.swapRateBp),
        exportValue: (row) => percentText(row.swapRateBp),
      },
      {
        key: 'window',
        title: '退换期限',
        dataIndex: 'returnWindowDays',
        width: 96,
        align: 'right',
        render: (v: number) => `${v}天`,
        exportValue: (row) => `${row.returnWindowDays}天`,
      },
      {
        key: 'enabled',
        title: '状态',
        width: 72,
        render: (_, row) => (row.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        exportValue: (row) => (row.enabled ? '启用' : '停用'),
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', minWidth: 200, ellipsis: { showTitle: true }, render: displayOrEmpty },
      dateTimeColumn('updatedAt', '修改时间'),
      actionColumn(120, (row) => (
        <Permission code={Permissions.planningPolicyEdit}>
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`policy-edit-${row.targetValue}`}>
              编辑
            </Button>
            <Button type="link" size="small" danger={row.enabled} onClick={() => toggle(row)} data-testid={`policy-toggle-${row.targetValue}`}>
              {row.enabled ? '停用' : '启用'}
            </Button>
          </Space>
        </Permission>
      )),
    ];
  }, [refresh]);

  return (
    <>
      <ListPage<PolicyRecord, PolicyFilters>
        listId="planning-policy"
        title="政策明细"
        testId="policy"
        queryKey={planningKeys.policies}
        fetchPage={planningApi.policies}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1100 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.planningPolicyEdit,
            onClick: () => setEditing({ record: null }),
            testId: 'policy-add',
          },
        ]}
      />
      <PolicyFormModal
        record={editing?.record ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
