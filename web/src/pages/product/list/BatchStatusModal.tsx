import { useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { productStatusChanged, type ProductStatus } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { productApi } from '../../../api/products.ts';

export interface StatusChange {
  status: ProductStatus;
  ids: readonly number[];
}

const ACTION: Readonly<Record<ProductStatus, string>> = { on_sale: '上架', off_sale: '下架' };

export const statusConfirmText = ({ status, ids }: StatusChange) =>
  status === 'on_sale' ? `确定将选中的${ids.length}个商品上架（在售）？` : `确定将选中的${ids.length}个商品下架（停售）？`;

/** 上架 / 下架 of the selected products after a confirmation naming how many. */
export function BatchStatusModal({ change, onClose, onDone }: { change: StatusChange | null; onClose: () => void; onDone: () => void }) {
  const [saving, setSaving] = useState(false);
  const action = change ? ACTION[change.status] : '';

  const confirm = async () => {
    if (!change) return;
    setSaving(true);
    try {
      const { updated } = await productApi.setStatus([...change.ids], change.status);
      toast().success(productStatusChanged(updated, change.status));
      onClose();
      onDone();
    } catch {
      // the request client has shown why; nothing changed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={change !== null}
      title={
        <Space>
          <ExclamationCircleFilled className="product-status__icon" />
          {`批量${action}`}
        </Space>
      }
      onCancel={onClose}
      width={420}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger={change?.status === 'off_sale'} loading={saving} onClick={confirm} data-testid="product-status-ok">
            {action}
          </Button>
        </Space>
      }
      data-testid="product-status-modal"
    >
      <Typography.Paragraph>{change ? statusConfirmText(change) : null}</Typography.Paragraph>
    </Modal>
  );
}
