import { useCallback, useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { displayOrEmpty, formatYuan, Permissions, type QuotaRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { urlCode, urlId, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { QuotaEntriesDrawer } from './QuotaEntriesDrawer.tsx';
import { QuotaFormModal } from './QuotaFormModal.tsx';
import { quotaApi, quotaKeys, type QuotaFilters } from '../../../api/quotas.ts';
import { BuyerKeySelect } from './quota-selects.tsx';
import { SeasonSelect } from '../../../ui/SeasonSelect.tsx';
import { formatYuanOrUnlimited, moneyColumn } from '../../../ui/money/index.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: QuotaFilters = {};
const URL_FILTERS: ListUrlFilters<QuotaFilters> = { seasonId: urlId, buyer: urlCode };
const DEFAULT_SORT = { field: 'updatedAt', order: 'desc' } as const;
const BUYER_TYPE_LABELS = { agent: '代理商', shop: '门店' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'seasonId', label: '订货季', input: <SeasonSelect allowClear testId="quota-season" /> },
  { name: 'buyer', label: '订货方', input: <BuyerKeySelect allowClear testId="quota-buyer" /> },
];

const piecesOrUnlimited = (n: number | null) => (n === null ? '不限' : String(n));

/** 订货额度 (ordering/quota): each buyer's limits per season, what is reserved, consumed and left. */
export function QuotaPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ record: QuotaRecord | null } | null>(null);
  const [entries, setEntries] = useState<QuotaRecord | null>(null);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: quotaKeys.list }), [client]);

  const columns = useMemo<ListColumn<QuotaRecord>[]>(() => {
    const money = (key: keyof QuotaRecord & string, title: string, limit = false): ListColumn<QuotaRecord> => ({
      ...moneyColumn<QuotaRecord>({ title, dataIndex: key, width: 120 }),
      // no limit shows 不限 (in 剩余 too)
      render: (_, row) => (limit ? formatYuanOrUnlimited(row[key] as number | null) : formatYuan(row[key] as number | null)),
      // what is used shows in 列设置; the limits and what is left fit 1440 px by default
      defaultHidden: !limit && key !== 'leftFen',
    });
    const pieces = (key: keyof QuotaRecord & string, title: string, limit = false): ListColumn<QuotaRecord> => ({
      key,
      title,
      dataIndex: key,
      width: 96,
      align: 'right',
      render: (_, row) => (limit ? piecesOrUnlimited(row[key] as number | null) : String(row[key])),
      exportValue: (row) => (row[key] as number | null) ?? null,
      kind: 'quantity',
      defaultHidden: !limit && key !== 'leftPieces',
    });
    return [
      { key: 'seasonCode', title: '订货季', dataIndex: 'seasonName', sortable: true, width: 180, ellipsis: { showTitle: true } },
      {
        key: 'buyerType',
        title: '类型',
        dataIndex: 'buyerType',
        width: 80,
        render: (_, row) => BUYER_TYPE_LABELS[row.buyerType],
        exportValue: (row) => BUYER_TYPE_LABELS[row.buyerType],
      },
      {
        key: 'buyerName',
        title: '订货方',
        dataIndex: 'buyerName',
        width: 180,
        render: (_, row) => `${row.buyerName}（${row.buyerCode}）`,
        exportValue: (row) => `${row.buyerName}（${row.buyerCode}）`,
      },
      money('limitFen', '金额额度', true),
      money('reservedFen', '占用金额'),
      money('consumedFen', '扣减金额'),
      money('leftFen', '剩余金额', true),
      pieces('limitPieces', '件数额度', true),
      pieces('reservedPieces', '占用件数'),
      pieces('consumedPieces', '扣减件数'),
      pieces('leftPieces', '剩余件数', true),
      { key: 'remark', title: '备注', dataIndex: 'remark', width: 160, ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('updatedAt', '更新时间'),
      actionColumn(120, (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEntries(row)} data-testid={`quota-entries-${row.id}`}>
            流水
          </Button>
          <Permission code={Permissions.orderingQuotaEdit}>
            <Button type="link" size="small" onClick={() => setEditing({ record: row })} data-testid={`quota-edit-${row.id}`}>
              编辑
            </Button>
          </Permission>
        </Space>
      )),
    ];
  }, []);

  return (
    <>
      <ListPage<QuotaRecord, QuotaFilters>
        listId="ordering-quotas"
        title="订货额度"
        testId="quotas"
        queryKey={quotaKeys.list}
        fetchPage={quotaApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={[
          {
            key: 'add',
            label: '新增',
            type: 'primary',
            icon: <PlusOutlined />,
            permission: Permissions.orderingQuotaEdit,
            onClick: () => setEditing({ record: null }),
            testId: 'quota-add',
          },
        ]}
      />
      <QuotaFormModal
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <QuotaEntriesDrawer quota={entries} onClose={() => setEntries(null)} />
    </>
  );
}
