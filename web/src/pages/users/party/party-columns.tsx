import { Input, Select } from 'antd';
import { displayOrEmpty, PARTY_STATUS_LABELS, PARTY_STATUSES, type PartyStatus } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { PartyStatusTag } from '../../../ui/account/PartyStatusTag.tsx';

export const STATUS_OPTIONS = PARTY_STATUSES.map((status) => ({ value: status, label: PARTY_STATUS_LABELS[status] }));

export function keywordField(placeholder: string, testId: string): ListSearchField {
  return { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={64} placeholder={placeholder} data-testid={testId} /> };
}

export function statusField(testId: string): ListSearchField {
  return { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid={testId} /> };
}

interface PartyRow {
  code: string;
  name: string;
  contactName: string;
  phone: string;
  address: string;
  remark: string;
  status: PartyStatus;
  accountCount: number;
  createdAt: string;
}

/** Columns every party list has, by key, so each page arranges them around its own. */
export function partyColumns<Row extends PartyRow>() {
  return {
    code: { key: 'code', title: '编码', dataIndex: 'code', sortable: true, width: 96 },
    // 名称 and 地址 take what the fixed-width columns leave
    name: { key: 'name', title: '名称', dataIndex: 'name', sortable: true, minWidth: 180, ellipsis: { showTitle: true } },
    contactName: { key: 'contactName', title: '联系人', dataIndex: 'contactName', width: 84, render: displayOrEmpty },
    phone: { key: 'phone', title: '联系电话', dataIndex: 'phone', width: 124, render: displayOrEmpty },
    address: { key: 'address', title: '地址', dataIndex: 'address', minWidth: 160, ellipsis: { showTitle: true }, render: displayOrEmpty },
    accountCount: { key: 'accountCount', title: '账号数', dataIndex: 'accountCount', width: 72, align: 'right' },
    status: {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 72,
      render: (_: unknown, row: Row) => <PartyStatusTag status={row.status} />,
      exportValue: (row: Row) => PARTY_STATUS_LABELS[row.status],
    },
    remark: { key: 'remark', title: '备注', dataIndex: 'remark', width: 180, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
    createdAt: {
      key: 'createdAt',
      title: '创建时间',
      dataIndex: 'createdAt',
      sortable: true,
      width: 160,
      defaultHidden: true,
      render: formatDateTime,
      exportValue: (row: Row) => formatDateTime(row.createdAt),
    },
  } satisfies Record<string, ListColumn<Row>>;
}
