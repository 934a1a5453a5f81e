import { useState } from 'react';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { WarehouseMessages } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { warehouseApi, warehouseKeys } from '../warehouse-api.ts';

interface WarehouseToggleProps {
  warehouse: { id: number; code: string; name: string; enabled: boolean };
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

/**
 * 停用 / 启用 with a confirmation. The server refuses disabling a warehouse that still holds stock
 * or has enabled children; the request client shows its message.
 */
export function WarehouseToggle({ warehouse, size, type }: WarehouseToggleProps) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const enable = !warehouse.enabled;

  const run = async () => {
    setBusy(true);
    try {
      await warehouseApi.setEnabled(warehouse.id, enable);
      toast().success(enable ? WarehouseMessages.enabled : WarehouseMessages.disabled);
    } catch {
      // the request client has shown why (stock left, enabled children, a disabled parent)
    } finally {
      setBusy(false);
    }
    await client.invalidateQueries({ queryKey: warehouseKeys.root });
  };

  return (
    <Popconfirm
      title={enable ? `确定启用仓库“${warehouse.name}”？` : `确定停用仓库“${warehouse.name}”？`}
      description={enable ? undefined : '停用后不能再出入库、新增货架；仓库须已无库存，且下级仓库已停用'}
      okText={enable ? '启用' : '停用'}
      okButtonProps={{ danger: !enable }}
      onConfirm={run}
      placement="bottomRight"
    >
      <Button size={size} type={type} danger={!enable} loading={busy} data-testid={`warehouse-toggle-${warehouse.code}`}>
        {enable ? '启用' : '停用'}
      </Button>
    </Popconfirm>
  );
}
