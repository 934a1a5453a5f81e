import { displayOrEmpty, type AgentRecord } from '@erp/shared';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { agentApi } from '../party/party-api.ts';
import { keywordField, partyColumns, statusField } from '../party/party-columns.tsx';
import { PartyFormModal } from '../party/PartyFormModal.tsx';
import { PartyListPage } from '../party/PartyListPage.tsx';

const SEARCH_FIELDS: ListSearchField[] = [keywordField('编码 / 名称 / 联系人 / 电话', 'agent-keyword'), statusField('agent-status')];

const c = partyColumns<AgentRecord>();
const COLUMNS: ListColumn<AgentRecord>[] = [
  c.code,
  c.name,
  c.contactName,
  c.phone,
  {
    key: 'region',
    title: '省市',
    width: 124,
    render: (_, row) => displayOrEmpty([row.province, row.city].filter(Boolean).join(' ')),
    exportValue: (row) => [row.province, row.city].filter(Boolean).join(' '),
  },
  {
    key: 'level',
    title: '代理级别',
    dataIndex: 'levelName',
    width: 96,
    render: (_, row) => displayOrEmpty(row.levelName || row.level),
    exportValue: (row) => row.levelName || row.level,
  },
  c.address,
  { key: 'shopCount', title: '门店数', dataIndex: 'shopCount', width: 72, align: 'right' },
  c.accountCount,
  c.status,
  c.remark,
  c.createdAt,
];

/** 代理商 (users/agent): HQ's agents with their shops and sign-in accounts. */
export function AgentPage() {
  return (
    <PartyListPage kind="agent" fetchPage={agentApi.page} columns={COLUMNS} searchFields={SEARCH_FIELDS} scrollX={1140} renderEditor={(editor) => <PartyFormModal {...editor} />} />
  );
}
