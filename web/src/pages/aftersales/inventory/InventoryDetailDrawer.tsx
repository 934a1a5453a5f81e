import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Space, Spin, Statistic, type DescriptionsProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  displayOrEmpty,
  Permissions,
  SHOP_INVENTORY_ACTION_LABELS,
  SHOP_INVENTORY_REPORTER_LABELS,
  SHOP_INVENTORY_TEXT_MAX,
  type PermissionCode,
  type ShopInventoryDetail,
} from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { inventoryApi, inventoryKeys, type InventoryActionName } from './inventory-api.ts';
import { InventoryFormModal } from './InventoryFormModal.tsx';
import { InventoryLinesTable } from './InventoryLinesTable.tsx';
import { InventoryStatusTag } from './InventoryStatusTag.tsx';
import './inventory.css';

const ORDER: readonly InventoryActionName[] = ['submit', 'audit', 'reject', 'post'];
const CODES: Record<InventoryActionName, PermissionCode> = {
  submit: Permissions.aftersalesInventoryEdit,
  audit: Permissions.aftersalesInventoryAudit,
  reject: Permissions.aftersalesInventoryAudit,
  post: Permissions.aftersalesInventoryPost,
};

function headerItems(r: ShopInventoryDetail): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'warehouse', label: '上报仓库', children: `${r.warehouseName}（${r.warehouseCode}）` },
    { key: 'shop', label: '门店', children: r.shopName },
    { key: 'reporter', label: '上报方', children: `${SHOP_INVENTORY_REPORTER_LABELS[r.reporterType]} · ${r.reporterName}` },
    { key: 'countDate', label: '盘点日期', children: r.countDate },
    { key: 'created', label: '制单', children: `${r.createdByName} ${formatDateTime(r.createdAt)}` },
    { key: 'audited', label: '审核', children: r.auditedAt ? `${r.auditedByName} ${formatDateTime(r.auditedAt)}` : '--' },
    { key: 'stocktake', label: '差异盘点单', children: r.stocktakeNo ? `${r.stocktakeNo}（${formatDateTime(r.postedAt)} 过账）` : '--' },
    { key: 'remark', label: '备注', children: displayOrEmpty(r.remark) },
  ];
}

/** 库存上报详情: the header, HQ's comparison with the book, and the actions the caller's codes allow. */
export function InventoryDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const can = usePermission();
  const [editing, setEditing] = useState(false);
  const detail = useQuery({ queryKey: inventoryKeys.detail(id ?? 0), queryFn: ({ signal }) => inventoryApi.detail(id!, signal), enabled: id !== null, staleTime: 0 });
  const report = detail.data;
  const refresh = () => client.invalidateQueries({ queryKey: inventoryKeys.all });
  const open = report ? ORDER.filter((a) => report.actions.includes(a) && can(CODES[a])) : [];
  const editable = report?.actions.includes('edit') && can(Permissions.aftersalesInventoryEdit);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { width: 1000 } }}
      title={report ? `库存上报 ${report.docNo}` : '库存上报'}
      destroyOnHidden
      data-testid="inventory-detail"
      extra={
        report ? (
          <Space>
            {editable ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="inventory-edit">
                编辑
              </Button>
            ) : null}
            <DocumentActionBar<InventoryActionName>
              docNo={report.docNo}
              open={open}
              order={ORDER}
              label={(a) => SHOP_INVENTORY_ACTION_LABELS[a]}
              primary={(a) => a !== 'reject'}
              danger={(a) => a === 'reject'}
              dialog={(a) => dialogOf(report, a)}
              run={async (action, { reason }) => {
                await inventoryApi.act(report.id, action, action === 'reject' ? { reason } : {}, INLINE_ERROR);
                toast().success(`${SHOP_INVENTORY_ACTION_LABELS[action]}成功`);
                void refresh();
              }}
              testIds={{
                bar: 'inventory-actions',
                button: (a) => `inventory-${a}`,
                confirm: 'inventory-action-confirm',
                reason: 'inventory-action-reason',
                error: 'inventory-action-error',
              }}
            />
          </Space>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title="加载失败，请重试" />
      ) : !report ? (
        <Spin />
      ) : (
        <div className="inventory-detail">
          <Space size="middle" align="center" className="inventory-detail__status">
            <InventoryStatusTag status={report.status} label={report.statusLabel} />
            {report.rejectReason ? <Alert type="warning" showIcon title={`驳回原因：${report.rejectReason}`} data-testid="inventory-reject-reason" /> : null}
          </Space>
          <Descriptions size="small" column={3} items={headerItems(report)} />
          {report.totals ? (
            <div className="inventory-detail__totals" data-testid="inventory-totals">
              <Statistic title="盘点合计" value={report.totals.countedQuantity} suffix="件" />
              <Statistic title="账面合计" value={report.totals.bookQuantity} suffix="件" />
              <Statistic title="盘盈" value={report.totals.gainQuantity} suffix="件" styles={{ content: { color: report.totals.gainQuantity ? '#d46b08' : undefined } }} />
              <Statistic title="盘亏" value={report.totals.lossQuantity} suffix="件" styles={{ content: { color: report.totals.lossQuantity ? '#cf1322' : undefined } }} />
              <Statistic title="有差异的SKU" value={report.totals.differingLines} suffix="个" />
            </div>
          ) : (
            <Alert type="info" showIcon title={`共 ${report.lineCount} 个SKU，合计 ${report.totalQuantity} 件；账面数与差异由总部审核时核对。`} />
          )}
          {report.showsBook && !report.stocktakeId ? (
            <div className="inventory-detail__hint">账面数为该仓库当前库存；标“未盘”的是账面有而本次未盘到的SKU，过账时按 0 计。</div>
          ) : null}
          <InventoryLinesTable lines={report.lines} showsBook={report.showsBook} />
        </div>
      )}
      {report ? (
        <InventoryFormModal
          open={editing}
          report={report}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refresh();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function dialogOf(report: ShopInventoryDetail, action: InventoryActionName) {
  switch (action) {
    case 'submit':
      return { confirm: '提交后等待总部审核，不能再修改。确定提交？' };
    case 'audit':
      return { confirm: '审核通过后可过账差异。确定审核？' };
    case 'reject':
      return { confirm: '驳回后上报方可修改后重新提交。', reason: { title: '驳回原因', required: true, max: SHOP_INVENTORY_TEXT_MAX } };
    default: {
      const t = report.totals;
      const figures = t ? `盘盈 ${t.gainQuantity} 件、盘亏 ${t.lossQuantity} 件，` : '';
      return { confirm: `将生成并过账一张盘点单：${figures}${report.warehouseName}的账面库存按本次盘点数更新（未盘到的SKU按 0 计）。确定过账差异？` };
    }
  }
}
