import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Card, Descriptions, Space, Spin, Table, Tag, type DescriptionsProps, type TableColumnType } from 'antd';
import { displayOrEmpty, formatYuan, RETURN_KIND_LABELS, stockDocInfoPath, type ReturnDetail, type ReturnKind, type ReturnLineRecord } from '@erp/shared';
import { PrintParcelButton } from '../../../print/OrderPrintButtons.tsx';
import { useCanOpen } from '../../../api/queries.ts';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { formatDateTime } from '../../../ui/format-time.ts';
import { salesOrderInfoPath } from '../../../api/sales-orders.ts';
import { returnPath, useReturnDetail } from '../returns-api.ts';
import { ReturnActions } from './ReturnActions.tsx';
import { ReturnStatusTag } from './ReturnStatusTag.tsx';
import { moneyColumn } from '../../../ui/money/index.ts';

function backColumns(canOpen: (path: string) => boolean, lines: readonly ReturnLineRecord[], arrived: boolean): TableColumnType<ReturnLineRecord>[] {
  // columns that would only hold blanks stay away: cuts, receipts before the goods arrive, defectives
  const cut = lines.some((l) => l.cutReason);
  const defective = lines.some((l) => l.defectiveQuantity > 0);
  const all: (TableColumnType<ReturnLineRecord> & { show?: boolean })[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
    {
      key: 'orderNo',
      title: '订货单',
      dataIndex: 'orderNo',
      width: 160,
      render: (no: string, l) => (l.orderId && canOpen('/erp/ordering/order/info') ? <Link to={salesOrderInfoPath(l.orderId!)}>{no}</Link> : no),
    },
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 100 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 120, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 60 },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 56 },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 130 },
    { key: 'qty', title: '申请', dataIndex: 'quantity', width: 60, align: 'right' },
    { key: 'approved', title: '核定', dataIndex: 'approvedQuantity', width: 60, align: 'right', render: (v: number | null) => (v === null ? '--' : v) },
    { key: 'cut', title: '核减原因', dataIndex: 'cutReason', width: 110, ellipsis: true, render: displayOrEmpty, show: cut },
    { key: 'received', title: '实收', dataIndex: 'receivedQuantity', width: 60, align: 'right', show: arrived },
    { key: 'defective', title: '次品', dataIndex: 'defectiveQuantity', width: 60, align: 'right', show: defective },
    moneyColumn({ key: 'price', title: '原订货价', dataIndex: 'unitPriceFen', width: 90 }),
    moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen', width: 100 }),
  ];
  return all.filter((c) => c.show !== false).map(({ show: _, ...c }) => c);
}

const outColumns = (arrived: boolean): TableColumnType<ReturnLineRecord>[] => [
  // 换出明细 numbers its own lines from 1 (the document numbers both legs' lines together)
  { key: 'lineNo', title: '#', width: 48, render: (_, __, index) => index + 1 },
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
  { key: 'name', title: '名称', dataIndex: 'productName', width: 160, ellipsis: true },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 70 },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 60 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
  { key: 'qty', title: '数量', dataIndex: 'quantity', width: 60, align: 'right' },
  ...(arrived ? [{ key: 'received', title: '实收', dataIndex: 'receivedQuantity', width: 60, align: 'right' as const }] : []),
  moneyColumn({ key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 90 }),
  moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen', width: 100 }),
];

const legStep = (state: string, ship: string, receive: string) => (state === '待发货' ? `等待${ship}` : state === '在途' ? `在途，等待${receive}` : state);

/** A leg's transfer: its number (a link when the user may open it) and its state. */
function LegDoc({ id, no, state, testId }: { id: number | null; no: string; state: string; testId: string }) {
  const canOpen = useCanOpen();
  const path = id ? stockDocInfoPath('transfer', id) : null;
  if (!no) return <>--</>;
  return (
    <span data-testid={testId}>
      {path && canOpen(path) ? <Link to={path}>{no}</Link> : no}
      {state ? <Tag style={{ marginLeft: 8 }}>{state}</Tag> : null}
    </span>
  );
}

/** What the status means for the people waiting on it. */
function nextStep(doc: ReturnDetail): string | null {
  if (doc.status === 'submitted') return '等待总部审核';
  if (doc.status === 'audited' && doc.kind === 'return') return `已审核，等待门店发货（退货调拨单 ${doc.stockDocNo}）`;
  if (doc.status === 'audited' && doc.outDocId === null) return `已审核，等待总部确认换货（换货单 ${doc.stockDocNo}）`;
  // a swap's two legs travel apart: say what each waits for
  if (doc.status === 'audited')
    return `退回：${legStep(doc.stockDocStatusLabel, '门店发货', `总部收货入 ${doc.hqWarehouseName}`)}；换出：${legStep(doc.outDocStatusLabel, '总部发货', '门店收货')}`;
  if (doc.status === 'shipped') return `货品在途，等待总部收货入 ${doc.hqWarehouseName}`;
  if (doc.status === 'rejected') return `已驳回：${doc.rejectReason}`;
  return null;
}

function ReturnView({ kind, doc }: { kind: ReturnKind; doc: ReturnDetail }) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const docPath = doc.stockDocId && doc.stockDocKind ? stockDocInfoPath(doc.stockDocKind, doc.stockDocId) : null;
  const settled = doc.settledFen === 0 ? '--' : doc.settledFen < 0 ? `贷记 ${formatYuan(-doc.settledFen)}` : `借记 ${formatYuan(doc.settledFen)}`;
  const items: DescriptionsProps['items'] = [
    { key: 'no', label: '单号', children: <b data-testid="return-no">{doc.returnNo}</b> },
    { key: 'status', label: '状态', children: <ReturnStatusTag status={doc.status} label={doc.statusLabel} /> },
    { key: 'shop', label: '门店', children: doc.shopName },
    { key: 'season', label: '订货季', children: doc.seasonName },
    { key: 'billed', label: '结算方', children: doc.billedName },
    { key: 'from', label: '门店仓库', children: doc.warehouseName },
    { key: 'hq', label: '总部收货仓', children: displayOrEmpty(doc.hqWarehouseName) },
    ...(kind === 'swap' && doc.outDocId !== null
      ? [
          {
            key: 'backDoc',
            label: '退回调拨单',
            children: <LegDoc id={doc.stockDocId} no={doc.stockDocNo} state={doc.stockDocStatusLabel} testId="swap-back-doc" />,
          },
          { key: 'outDoc', label: '换出调拨单', children: <LegDoc id={doc.outDocId} no={doc.outDocNo} state={doc.outDocStatusLabel} testId="swap-out-doc" /> },
        ]
      : [
          {
            key: 'doc',
            label: kind === 'return' ? '退货调拨单' : '库存换货单',
            children:
              docPath && canOpen(docPath) ? (
                <Link to={docPath} data-testid="return-doc-link">
                  {doc.stockDocNo}
                </Link>
              ) : (
                displayOrEmpty(doc.stockDocNo)
              ),
          },
        ]),
    { key: 'qty', label: kind === 'return' ? '退货数量' : '退回数量', children: <span data-testid="return-total-quantity">{doc.totalQuantity}</span> },
    { key: 'amount', label: '退回金额', children: formatYuan(doc.totalAmountFen) },
    { key: 'approved', label: '核定', children: doc.approvedQuantity === null ? '--' : `${doc.approvedQuantity} 件 · ${formatYuan(doc.approvedAmountFen ?? 0)}` },
    ...(kind === 'swap' ? [{ key: 'out', label: '换出', children: `${doc.outQuantity} 件 · ${formatYuan(doc.outAmountFen)}` }] : []),
    { key: 'received', label: '实收', children: <span data-testid="return-received">{doc.receivedQuantity}</span> },
    { key: 'settled', label: '记账', children: <b data-testid="return-settled">{settled}</b> },
    ...(doc.differenceReason ? [{ key: 'diff', label: '差异原因', children: doc.differenceReason }] : []),
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(doc.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(doc.createdAt) },
    ...(doc.auditedAt ? [{ key: 'auditedAt', label: '审核时间', children: formatDateTime(doc.auditedAt) }] : []),
    ...(doc.doneAt ? [{ key: 'doneAt', label: '完成时间', children: formatDateTime(doc.doneAt) }] : []),
    { key: 'reason', label: '原因', children: doc.reason, span: 'filled' as const },
    { key: 'remark', label: '备注', children: displayOrEmpty(doc.remark), span: 'filled' as const },
  ];
  const back = doc.lines.filter((l) => l.leg === 'back');
  const out = doc.lines.filter((l) => l.leg === 'out');
  const step = nextStep(doc);
  return (
    <div className="doc-page" data-testid="return-info">
      <Card
        title={`${RETURN_KIND_LABELS[kind]} ${doc.returnNo}`}
        extra={
          <Space>
            <PrintParcelButton ret={doc} />
            <ReturnActions kind={kind} doc={doc} onDeleted={() => navigate(returnPath(kind, 'index'))} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={items} />
      </Card>
      {step ? <Alert type={doc.status === 'rejected' ? 'warning' : 'info'} showIcon title={step} data-testid="return-next-step" /> : null}
      <Card title={kind === 'return' ? '退货明细' : '退回明细'}>
        <Table<ReturnLineRecord>
          size="small"
          rowKey="id"
          columns={backColumns(canOpen, back, doc.status === 'done' || doc.stockDocStatusLabel === '已收货')}
          dataSource={back}
          scroll={{ x: 'max-content' }}
          pagination={back.length > 50 ? { pageSize: 50 } : false}
          data-testid="return-lines"
        />
      </Card>
      {kind === 'swap' ? (
        <Card title="换出明细">
          <Table<ReturnLineRecord>
            size="small"
            rowKey="id"
            columns={outColumns(out.some((l) => l.receivedQuantity > 0) || doc.status === 'done')}
            dataSource={out}
            scroll={{ x: 'max-content' }}
            pagination={false}
            data-testid="return-out-lines"
          />
        </Card>
      ) : null}
    </div>
  );
}

function ReturnInfoRoute({ kind }: { kind: ReturnKind }) {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const detail = useReturnDetail(kind, id);
  const list = { noun: RETURN_KIND_LABELS[kind], listPath: returnPath(kind, 'index'), listName: `${RETURN_KIND_LABELS[kind]}列表` };
  if (id === null) return <DocumentUnavailable {...list} missingId />;
  if (detail.isError && !detail.data) return <DocumentUnavailable {...list} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Spin style={{ margin: 48 }} />;
  return <ReturnView kind={kind} doc={detail.data} />;
}

export const ReturnInfoPage = () => <ReturnInfoRoute kind="return" />;
export const SwapInfoPage = () => <ReturnInfoRoute kind="swap" />;
