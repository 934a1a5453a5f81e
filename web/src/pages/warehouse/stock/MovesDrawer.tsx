import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Drawer, Tag } from 'antd';
import { displayOrEmpty, stockDocInfoPath, type StockMoveDetailRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { stockReportApi, stockReportKeys, type MovesFilter } from './stock-report-api.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

/** What the drawer lists: the filter, and a title naming the item (and the figure drilled into). */
export interface MovesTarget {
  filter: MovesFilter;
  title: string;
  caption?: string;
}

interface MovesDrawerProps {
  target: MovesTarget | null;
  onClose: () => void;
}

const NO_FILTERS = {};
const DEFAULT_SORT = { field: 'id', order: 'desc' } as const;

/**
 * 库存流水: an item's moves (time, place, document, ±quantity, the balance after); the document no.
 * opens the document's page.
 */
export function MovesDrawer({ target, onClose }: MovesDrawerProps) {
  return (
    <Drawer title={target ? `库存流水：${target.title}` : '库存流水'} open={target !== null} onClose={onClose} size={1100} destroyOnHidden data-testid="stock-moves-drawer">
      {target ? <MovesList target={target} onLeave={onClose} /> : null}
    </Drawer>
  );
}

function MovesList({ target, onLeave }: { target: MovesTarget; onLeave: () => void }) {
  const navigate = useNavigate();
  const { filter } = target;
  const queryKey = useMemo(() => stockReportKeys.moves(filter), [filter]);
  const fetchPage = useCallback((params: ListParams<object>, signal?: AbortSignal) => stockReportApi.moves({ ...params, ...filter }, signal), [filter]);
  const perStyle = filter.productId !== undefined;

  const columns = useMemo<ListColumn<StockMoveDetailRecord>[]>(
    () => [
      dateTimeColumn('createdAt', '时间', { width: 170, sortField: 'id' }),
      { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', width: 150 },
      { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 90, render: displayOrEmpty },
      ...(perStyle
        ? [
            { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
            { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
          ]
        : []),
      {
        key: 'docType',
        title: '单据类型',
        dataIndex: 'docTypeName',
        width: 120,
        render: (_, row) => (
          <>
            {row.docTypeName}
            {row.isReversal ? (
              <Tag color="orange" style={{ marginInlineStart: 6 }}>
                冲销
              </Tag>
            ) : null}
          </>
        ),
        exportValue: (row) => (row.isReversal ? `${row.docTypeName}（冲销）` : row.docTypeName),
      },
      {
        key: 'docNo',
        title: '单号',
        dataIndex: 'docNo',
        width: 170,
        render: (_, row) => {
          const kind = row.docKind;
          if (!kind || !row.docNo) return displayOrEmpty(row.docNo);
          return (
            <ActionLink
              onClick={() => {
                onLeave();
                navigate(stockDocInfoPath(kind, row.docId));
              }}
              data-testid={`stock-move-doc-${row.id}`}
            >
              {row.docNo}
            </ActionLink>
          );
        },
        exportValue: (row) => row.docNo,
      },
      {
        key: 'quantity',
        title: '数量',
        dataIndex: 'quantity',
        width: 90,
        align: 'right',
        render: (_, row) => <span className={row.quantity > 0 ? 'stock-qty--in' : 'stock-qty--out'}>{row.quantity > 0 ? `+${row.quantity}` : row.quantity}</span>,
      },
      { key: 'balanceAfter', title: '结存', dataIndex: 'balanceAfter', width: 90, align: 'right' },
      { key: 'createdBy', title: '操作人', dataIndex: 'createdByName', width: 110, render: displayOrEmpty },
    ],
    [navigate, onLeave, perStyle],
  );

  return (
    <>
      {target.caption ? (
        <div className="stock-moves__caption" data-testid="stock-moves-caption">
          {target.caption}
        </div>
      ) : null}
      <ListPage<StockMoveDetailRecord, object>
        listId="stock-moves"
        title={`库存流水-${target.title}`}
        testId="stock-moves"
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="id"
        initialFilters={NO_FILTERS}
        urlFilters={false}
        defaultSort={DEFAULT_SORT}
      />
    </>
  );
}
