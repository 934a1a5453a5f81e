import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Permissions, type SupplierRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { supplierApi, partyKeys, type PartyFilters } from '../party/party-api.ts';
import { keywordField, partyColumns, statusField } from '../party/party-columns.tsx';
import { PartyAccountsDrawer, type AccountsTarget } from '../party/PartyAccountsDrawer.tsx';
import { PartyFormModal, type PartyFormTarget } from '../party/PartyFormModal.tsx';
import { PartyRowActions } from '../party/PartyRowActions.tsx';

const INITIAL_FILTERS: PartyFilters = {};
const DEFAULT_SORT = { field: 'code', order: 'asc' } as const;
const SEARCH_FIELDS: ListSearchField[] = [keywordField('编码 / 名称 / 联系人 / 电话', 'supplier-keyword'), statusField('supplier-status')];

/** 供应商 (users/supplier): the suppliers HQ buys from, with their sign-in accounts; a supplier sees only itself. */
export function SupplierPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<PartyFormTarget | null>(null);
  const [accountsOf, setAccountsOf] = useState<AccountsTarget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: partyKeys.page('supplier') });

  const columns = useMemo<ListColumn<SupplierRecord>[]>(() => {
    const c = partyColumns<SupplierRecord>();
    return [
      c.code,
      c.name,
      c.contactName,
      c.phone,
      c.address,
      c.accountCount,
      c.status,
      c.remark,
      c.createdAt,
      {
        key: 'actions',
        title: '操作',
        fixed: 'right',
        width: 150,
        hideable: false,
        exportable: false,
        render: (_, row) => (
          <PartyRowActions
            kind="supplier"
            row={row}
            editCode={Permissions.supplierEdit}
            disableCode={Permissions.supplierDisable}
            onEdit={() => setEditing({ kind: 'supplier', record: row })}
            onAccounts={() => setAccountsOf(row)}
            onChanged={() => void refresh()}
          />
        ),
      },
    ];
    // refresh only uses the query client, stable while the page lives
  }, []);

  return (
    <>
      <ListPage<SupplierRecord, PartyFilters>
        listId="users-supplier"
        title="供应商"
        testId="supplier"
        queryKey={partyKeys.page('supplier')}
        fetchPage={supplierApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 1000 } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.supplierAdd,
            onClick: () => setEditing({ kind: 'supplier', record: null }),
            testId: 'supplier-add',
          },
        ]}
      />
      <PartyFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <PartyAccountsDrawer kind="supplier" party={accountsOf} onClose={() => setAccountsOf(null)} onChanged={() => void refresh()} />
    </>
  );
}
