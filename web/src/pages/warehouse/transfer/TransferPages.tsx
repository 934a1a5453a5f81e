import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { TRANSFER_TYPE_LABELS, type StockDocDetail } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { actionPermission } from '../docs/doc-rules.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { DocHeaderCard } from '../docs/DocHeaderCard.tsx';
import { WithDoc } from '../docs/DocInfoView.tsx';
import { DocLinesTable } from '../docs/DocLinesTable.tsx';
import { isDelivery } from '../docs/doc-print.ts';
import { DocListPage } from '../docs/DocListPage.tsx';
import { PrintDocButton } from '../docs/PrintDocButton.tsx';
import { stockDocKeys } from '../../../api/stock-docs.ts';
import { ScanLogTable } from '../docs/ScanLogTable.tsx';
import { ScanPanel } from '../docs/ScanPanel.tsx';
import { ScanKeyBuffer } from '../../../ui/document/ScanKeyBuffer.tsx';
import '../../../ui/document/stock-docs.css';
import { ReceiveModal } from './ReceiveModal.tsx';
import { TransferEditForm } from './TransferEditForm.tsx';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 调拨单 (warehouse/transfer/*): list, 新增/编辑草稿 (kept alive), 详情 with 发货, 收货 (typed or
// scanned received quantities, difference reason) and 作废.

export function TransferListPage() {
  return <DocListPage kind="transfer" showToWarehouse bizTypes={TRANSFER_TYPE_LABELS} />;
}

/** 新增 (no id) and editing a draft (?id=); kept alive, so what is typed survives leaving the tab. */
export function TransferAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return <TransferEditForm key={id ?? 'new'} docId={id} onSaved={(doc) => afterSave(docPath('transfer', 'info', doc.id))} />;
}

const CONFIRMS = { ship: '发货后货品从调出仓库转入在途仓，等待调入仓库收货。确定发货？' } as const;
const DELIVERY_CONFIRMS = { ship: '发货后货品转入在途仓，等待收货门店收货，并按订货价格记入结算方应收。确定发货？' } as const;

function TransferInfo({ doc }: { doc: StockDocDetail }) {
  const navigate = useNavigate();
  const can = usePermission();
  const warehouses = useWarehouseOptions();
  const client = useQueryClient();
  const [receiving, setReceiving] = useState(false);
  const canEdit = doc.actions.includes('edit') && can(actionPermission('transfer', 'edit'));
  const scanning = doc.actions.includes('scan') && can(actionPermission('transfer', 'scan'));
  const transitName = warehouses.data?.find((w) => w.id === doc.transitWarehouseId)?.name ?? '在途仓';
  const received = doc.status === 'posted' || (doc.status === 'void' && doc.postedAt !== null);
  const delivery = isDelivery(doc);

  const buttons = (
    <Space wrap>
      <DocActionBar
        doc={doc}
        confirms={delivery ? DELIVERY_CONFIRMS : CONFIRMS}
        onBefore={(action) => {
          if (action !== 'receive') return false;
          // 收货 starts from the scanned quantities: read the document once more first, so a scan
          // answered a moment ago (its refetch still on the way) is in it
          void client.refetchQueries({ queryKey: stockDocKeys.detail('transfer', doc.id), type: 'active' }).finally(() => setReceiving(true));
          return true;
        }}
      />
      {canEdit ? (
        <Button icon={<EditOutlined />} onClick={() => navigate(docPath('transfer', 'add', doc.id))} data-testid="doc-edit">
          编辑
        </Button>
      ) : null}
      <PrintDocButton doc={doc} />
    </Space>
  );

  return (
    <div className="doc-page" data-testid="doc-info">
      <DocHeaderCard
        doc={doc}
        extra={buttons}
        bizTypes={TRANSFER_TYPE_LABELS}
        title={delivery ? '配货出库单' : undefined}
        items={doc.transitWarehouseId ? [{ key: 'transit', label: '在途仓', children: transitName }] : []}
      />
      {doc.status === 'shipped' ? (
        <Alert
          type="info"
          showIcon
          title={`在途：${doc.totalQuantity} 件已从「${doc.warehouseName}」发出，暂存「${transitName}」，等待「${doc.toWarehouseName}」收货`}
          description={scanning ? '可在下方逐件扫描到货，再点「收货」；也可直接点「收货」逐行填写实收数量。' : undefined}
          data-testid="transfer-in-transit"
        />
      ) : null}
      {doc.status === 'void' ? <Alert type="warning" showIcon title={`单据已作废${doc.voidReason ? `：${doc.voidReason}` : ''}`} /> : null}
      {scanning ? <ScanPanel doc={doc} showShelf={false} showBoxNo={false} /> : null}
      <Card title={received || doc.scanStarted ? '明细（发货 / 实收）' : '明细'}>
        <DocLinesTable lines={doc.lines} showActual={received || doc.scanStarted} quantityTitle="发货" actualTitle={received ? '实收' : '已扫'} showPrice={delivery} />
      </Card>
      {scanning || doc.scanStarted ? (
        <Card title="收货扫描记录">
          <ScanLogTable kind="transfer" docId={doc.id} />
        </Card>
      ) : null}
      <ReceiveModal doc={doc} open={receiving} onClose={() => setReceiving(false)} />
    </div>
  );
}

/** 详情 (?id=): header, in-transit notice, receive scanning, lines, scan log. */
export function TransferInfoPage() {
  // receive scanning may start while the document loads: its keys wait for the scan box
  return (
    <ScanKeyBuffer>
      <WithDoc kind="transfer">{(doc) => <TransferInfo doc={doc} />}</WithDoc>
    </ScanKeyBuffer>
  );
}
