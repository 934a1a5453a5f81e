import { useMemo } from 'react';
import { Drawer, Tag } from 'antd';
import { QUOTA_MOVE_LABELS, type QuotaEntryRecord, type QuotaRecord } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { quotaApi, quotaKeys } from '../../../api/quotas.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

const MOVE_COLORS = { reserve: 'blue', consume: 'green', release: 'default' } as const;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** 额度流水: the append-only entries of one quota, newest first. */
export function QuotaEntriesDrawer({ quota, onClose }: { quota: QuotaRecord | null; onClose: () => void }) {
  const columns = useMemo<ListColumn<QuotaEntryRecord>[]>(
    () => [
      { key: 'id', title: '时间', dataIndex: 'createdAt', sortable: true, width: 160, render: formatDateTime, exportValue: (row) => formatDateTime(row.createdAt) },
      { key: 'orderNo', title: '订货单号', dataIndex: 'orderNo', width: 150 },
      {
        key: 'move',
        title: '变动',
        dataIndex: 'move',
        width: 96,
        render: (_, row) => <Tag color={MOVE_COLORS[row.move]}>{QUOTA_MOVE_LABELS[row.move]}</Tag>,
        exportValue: (row) => QUOTA_MOVE_LABELS[row.move],
      },
      { key: 'reservedPieces', title: '占用件数', dataIndex: 'reservedPieces', width: 90, align: 'right', render: (_, row) => signed(row.reservedPieces), kind: 'quantity' },
      moneyColumn<QuotaEntryRecord>({ title: '占用金额', dataIndex: 'reservedFen', width: 120, signed: true }),
      { key: 'consumedPieces', title: '扣减件数', dataIndex: 'consumedPieces', width: 90, align: 'right', render: (_, row) => signed(row.consumedPieces), kind: 'quantity' },
      moneyColumn<QuotaEntryRecord>({ title: '扣减金额', dataIndex: 'consumedFen', width: 120, signed: true }),
      { key: 'createdByName', title: '操作人', dataIndex: 'createdByName', width: 100 },
    ],
    [],
  );
  return (
    <Drawer
      open={quota !== null}
      onClose={onClose}
      size="large"
      title={quota ? `额度流水 · ${quota.buyerName} · ${quota.seasonName}` : ''}
      destroyOnHidden
      data-testid="quota-entries-drawer"
    >
      {quota ? (
        <ListPage<QuotaEntryRecord, object>
          listId="ordering-quota-entries"
          title={`额度流水-${quota.buyerName}`}
          testId="quota-entries"
          queryKey={quotaKeys.entries(quota.id)}
          fetchPage={(params, signal) => quotaApi.entries(quota.id, params, signal)}
          columns={columns}
          rowKey="id"
          initialFilters={{}}
          urlFilters={false}
          defaultSort={{ field: 'id', order: 'desc' }}
        />
      ) : null}
    </Drawer>
  );
}
