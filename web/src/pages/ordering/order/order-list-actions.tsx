import { useState } from 'react';
import { Button, Popconfirm, Space, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SalesOrderRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { OrderActions } from './order-actions.tsx';
import { SalesOrderAuditModal } from './SalesOrderAuditModal.tsx';
import { salesOrderKeys, salesOrdersApi, useSalesOrder } from '../../../api/sales-orders.ts';

/** 审核 from a list row: the order's lines are read first, then the audit dialog opens on them. */
function AuditFromRow({ id, onClose }: { id: number; onClose: () => void }) {
  const order = useSalesOrder(id);
  if (!order.data) return order.isError ? null : <Spin size="small" />;
  return <SalesOrderAuditModal order={order.data} open onClose={onClose} />;
}

/**
 * A row's actions on 订货单: 详情, then what the order's `actions` allow (编辑 / 提交 / 撤回 / 审核 /
 * 驳回 / 取消 / 关闭, each asking as on the detail page) and 删除 for a draft the caller's side made.
 */
export function OrderRowActions({ row, onOpen, onEdit }: { row: SalesOrderRecord; onOpen: () => void; onEdit: () => void }) {
  const client = useQueryClient();
  const [auditing, setAuditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await salesOrdersApi.remove(row.id, INLINE_ERROR);
      toast().success('订货单已删除');
      void client.invalidateQueries({ queryKey: salesOrderKeys.all });
    } catch (error) {
      toast().error(error instanceof Error ? error.message : '删除失败，请稍后重试');
    } finally {
      setDeleting(false);
    }
  };
  const prefix = `so-row-${row.orderNo}`;
  return (
    <Space size={0} wrap={false} data-testid={prefix}>
      <Button type="link" size="small" onClick={onOpen} data-testid={`${prefix}-open`}>
        详情
      </Button>
      <OrderActions order={row} variant="row" onEdit={onEdit} onAudit={() => setAuditing(true)} testPrefix={prefix} />
      {row.deletable ? (
        <Popconfirm
          title={`删除草稿 ${row.orderNo}？`}
          description="删除后不能恢复。"
          okText="确定删除"
          cancelText="返回"
          okButtonProps={{ danger: true, 'data-testid': `${prefix}-delete-confirm` } as never}
          onConfirm={() => void remove()}
        >
          <Button type="link" size="small" danger loading={deleting} data-testid={`${prefix}-delete`}>
            删除
          </Button>
        </Popconfirm>
      ) : null}
      {auditing ? <AuditFromRow id={row.id} onClose={() => setAuditing(false)} /> : null}
    </Space>
  );
}

/** What a batch audit did: the numbers approved and, per refused order, why. */
export interface BatchAuditResult {
  approved: string[];
  failed: { orderNo: string; message: string }[];
}

/**
 * 批量审核: each selected submitted order approved as ordered (no line cut, so no reason), one after
 * the other; a refusal (授信额度不足 …) is reported with the order's number and the rest go on.
 */
export async function auditAsOrdered(orders: readonly Pick<SalesOrderRecord, 'id' | 'orderNo'>[], audit = salesOrdersApi.audit): Promise<BatchAuditResult> {
  const result: BatchAuditResult = { approved: [], failed: [] };
  for (const order of orders) {
    try {
      await audit(order.id, { lines: [], reason: '' }, INLINE_ERROR);
      result.approved.push(order.orderNo);
    } catch (error) {
      result.failed.push({ orderNo: order.orderNo, message: error instanceof Error ? error.message : '审核失败' });
    }
  }
  return result;
}

/** The toast after a batch audit. */
export function batchAuditText(result: BatchAuditResult): string {
  const done = `已审核 ${result.approved.length} 张`;
  if (result.failed.length === 0) return done;
  return `${done}，${result.failed.length} 张未通过：${result.failed.map((f) => `${f.orderNo}（${f.message}）`).join('；')}`;
}
