import { useCallback, useMemo, useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, EMPTY_DISPLAY, Permissions } from '@erp/shared';
import { APPLICANT_TYPES, APPLICANT_TYPE_LABELS } from '../../../api/register.ts';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { RejectModal } from './RejectModal.tsx';
import {
  REGISTRATION_STATUS,
  registrationApi,
  registrationKeys,
  RegistrationMessages,
  type Registration,
  type RegistrationFilters,
  type RegistrationStatus,
} from '../../../api/registration.ts';
import { urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: RegistrationFilters = { status: 'pending' };
const URL_FILTERS: ListUrlFilters<RegistrationFilters> = {
  keyword: urlText,
  applicantType: urlOneOf(APPLICANT_TYPES),
  status: urlOneOf(['pending', 'approved', 'rejected'] as const),
};
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  {
    name: 'keyword',
    label: '关键字',
    input: <Input allowClear maxLength={64} placeholder="账号 / 手机号 / 名称 / 联系人" data-testid="registration-keyword" />,
  },
  {
    name: 'applicantType',
    label: '类型',
    input: <Select allowClear placeholder="全部" options={APPLICANT_TYPES.map((type) => ({ value: type, label: APPLICANT_TYPE_LABELS[type] }))} data-testid="registration-type" />,
  },
  {
    name: 'status',
    label: '状态',
    input: (
      <Select
        allowClear
        placeholder="全部"
        options={(Object.keys(REGISTRATION_STATUS) as RegistrationStatus[]).map((status) => ({ value: status, label: REGISTRATION_STATUS[status].label }))}
        data-testid="registration-status"
      />
    ),
  },
];

const BASE_COLUMNS: ListColumn<Registration>[] = [
  dateTimeColumn('createdAt', '申请时间'),
  {
    key: 'applicantType',
    title: '类型',
    dataIndex: 'applicantType',
    width: 72,
    render: (_, r) => APPLICANT_TYPE_LABELS[r.applicantType] ?? EMPTY_DISPLAY,
    exportValue: (r) => APPLICANT_TYPE_LABELS[r.applicantType],
  },
  { key: 'businessName', title: '名称', dataIndex: 'businessName', ellipsis: { showTitle: true }, render: displayOrEmpty },
  { key: 'contactName', title: '联系人', dataIndex: 'contactName', width: 80, render: displayOrEmpty },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 116, render: displayOrEmpty },
  { key: 'account', title: '账号', dataIndex: 'account', width: 110, ellipsis: { showTitle: true }, render: displayOrEmpty },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 76,
    render: (_, r) => <Tag color={REGISTRATION_STATUS[r.status]?.color}>{REGISTRATION_STATUS[r.status]?.label ?? r.status}</Tag>,
    exportValue: (r) => REGISTRATION_STATUS[r.status]?.label ?? r.status,
  },
  dateTimeColumn('reviewedAt', '审核时间'),
  {
    key: 'rejectReason',
    title: '驳回原因',
    dataIndex: 'rejectReason',
    width: 132,
    render: (reason: string) =>
      reason ? (
        <Typography.Text ellipsis={{ tooltip: reason }} style={{ maxWidth: 116 }}>
          {reason}
        </Typography.Text>
      ) : (
        EMPTY_DISPLAY
      ),
  },
];

/** 注册审核: applications of shops, agents and suppliers; pending ones are approved or rejected here. */
export function RegistrationPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [rejecting, setRejecting] = useState<Registration | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: registrationKeys.page }), [client]);

  const approve = useCallback(
    async (row: Registration) => {
      try {
        await registrationApi.approve(row.id);
        toast().success(RegistrationMessages.approved);
        await refresh();
      } catch {
        // the request client has shown the server's message (e.g. already reviewed)
        await refresh();
      }
    },
    [refresh],
  );

  // `approve` only uses stable values (the query client), so the columns follow the permissions alone
  const columns = useMemo<ListColumn<Registration>[]>(() => {
    if (!can(Permissions.registrationAudit)) return BASE_COLUMNS;
    const actions: ListColumn<Registration> = actionColumn(104, (row) =>
      row.status === 'pending' ? (
        <Permission code={Permissions.registrationAudit}>
          <Space size={0}>
            <Popconfirm title={RegistrationMessages.approveConfirm} okText="通过" onConfirm={() => approve(row)} placement="topRight">
              <Button type="link" size="small" data-testid={`registration-approve-${row.id}`}>
                通过
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(row)} data-testid={`registration-reject-${row.id}`}>
              驳回
            </Button>
          </Space>
        </Permission>
      ) : (
        <Typography.Text type="secondary">{EMPTY_DISPLAY}</Typography.Text>
      ),
    );
    return [...BASE_COLUMNS, actions];
  }, [can, approve]);

  return (
    <>
      <ListPage<Registration, RegistrationFilters>
        listId="system-registration"
        title="注册审核"
        testId="registration"
        queryKey={registrationKeys.page}
        fetchPage={registrationApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        // 名称 takes what the fixed-width columns leave; below this width the table scrolls
        tableProps={{ scroll: { x: 1160 } }}
      />
      <RejectModal
        registration={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          setRejecting(null);
          toast().success(RegistrationMessages.rejected);
          void refresh();
        }}
      />
    </>
  );
}
