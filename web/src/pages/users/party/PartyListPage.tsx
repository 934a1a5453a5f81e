import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PARTY_KIND_LABELS, PARTY_STATUSES, Permissions, SHOP_KINDS, type PartyKind, type PartyStatus, type PermissionCode } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import type { ListFetcher } from '../../../ui/list-page/use-list-query.ts';
import { partyKeys, type PartyFilters, type ShopFilters } from './party-api.ts';
import { PartyAccountsDrawer, type AccountsTarget } from './PartyAccountsDrawer.tsx';
import { PartyRowActions } from './PartyRowActions.tsx';
import { urlCode, urlId, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn } from '../../../ui/list-page/columns.tsx';

const CODES: Record<PartyKind, { add: PermissionCode; edit: PermissionCode; disable: PermissionCode }> = {
  agent: { add: Permissions.agentAdd, edit: Permissions.agentEdit, disable: Permissions.agentDisable },
  shop: { add: Permissions.shopAdd, edit: Permissions.shopEdit, disable: Permissions.shopDisable },
  supplier: { add: Permissions.supplierAdd, edit: Permissions.supplierEdit, disable: Permissions.supplierDisable },
};

const NO_FILTERS = {};
/** The filters of every party list (a shop's kind, agent and region too). */
const URL_FILTERS: ListUrlFilters<ShopFilters> = { keyword: urlText, status: urlOneOf(PARTY_STATUSES), kind: urlOneOf(SHOP_KINDS), agentId: urlId, region: urlCode };
const DEFAULT_SORT = { field: 'code', order: 'asc' } as const;

/** What the 新增 / 编辑 form gets: null closes it, a null record adds one. */
export interface PartyEditTarget<K extends PartyKind, Row> {
  kind: K;
  record: Row | null;
}

interface PartyListPageProps<K extends PartyKind, Row extends AccountsTarget, F extends PartyFilters> {
  kind: K;
  fetchPage: ListFetcher<Row, F>;
  /** the page's own columns; 操作 (编辑, 停用/启用, 账号) is added last */
  columns: readonly ListColumn<Row>[];
  searchFields: readonly ListSearchField[];
  scrollX: number;
  /** shown above the list */
  notice?: ReactNode;
  renderEditor: (editor: { target: PartyEditTarget<K, Row> | null; onClose: () => void; onSaved: () => void }) => ReactNode;
}

/** The list page of one kind of party: 新增, the row actions and the 账号 drawer are the same for all. */
export function PartyListPage<K extends PartyKind, Row extends AccountsTarget & { status: PartyStatus }, F extends PartyFilters>(props: PartyListPageProps<K, Row, F>) {
  const { kind, columns, renderEditor } = props;
  const client = useQueryClient();
  const [editing, setEditing] = useState<PartyEditTarget<K, Row> | null>(null);
  const [accountsOf, setAccountsOf] = useState<AccountsTarget | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: partyKeys.page(kind) }), [client, kind]);

  const withActions = useMemo<ListColumn<Row>[]>(
    () => [
      ...columns,
      actionColumn(150, (row) => (
        <PartyRowActions
          kind={kind}
          row={row}
          editCode={CODES[kind].edit}
          disableCode={CODES[kind].disable}
          onEdit={() => setEditing({ kind, record: row })}
          onAccounts={() => setAccountsOf(row)}
          onChanged={() => void refresh()}
        />
      )),
    ],
    [kind, columns, refresh],
  );

  return (
    <>
      {props.notice}
      <ListPage<Row, F>
        listId={`users-${kind}`}
        title={PARTY_KIND_LABELS[kind]}
        testId={kind}
        queryKey={partyKeys.page(kind)}
        fetchPage={props.fetchPage}
        columns={withActions}
        rowKey="id"
        initialFilters={NO_FILTERS as F}
        urlFilters={URL_FILTERS as ListUrlFilters<F>}
        searchFields={props.searchFields}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: props.scrollX } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: CODES[kind].add,
            onClick: () => setEditing({ kind, record: null }),
            testId: `${kind}-add`,
          },
        ]}
      />
      {renderEditor({
        target: editing,
        onClose: () => setEditing(null),
        onSaved: () => {
          setEditing(null);
          void refresh();
        },
      })}
      <PartyAccountsDrawer kind={kind} party={accountsOf} onClose={() => setAccountsOf(null)} onChanged={() => void refresh()} />
    </>
  );
}
