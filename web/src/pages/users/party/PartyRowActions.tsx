import { Button, Popconfirm, Space } from 'antd';
import { partyDisabledWithAccounts, PartyMessages, type PartyKind, type PartyStatus, type PermissionCode } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { partyApi } from './party-api.ts';

interface PartyRowActionsProps {
  kind: PartyKind;
  row: { id: number; code: string; status: PartyStatus };
  editCode: PermissionCode;
  disableCode: PermissionCode;
  onEdit: () => void;
  onAccounts: () => void;
  /** after 停用 / 启用, whether it worked or not */
  onChanged: () => void;
}

/** 编辑 / 停用 or 启用 / 账号 of one party row; 停用 asks first, since it locks out every account. */
export function PartyRowActions({ kind, row, editCode, disableCode, onEdit, onAccounts, onChanged }: PartyRowActionsProps) {
  const change = async (enable: boolean) => {
    try {
      if (enable) {
        await partyApi.enable(kind, row.id);
        toast().success(PartyMessages.enabled);
      } else {
        const { disabledAccounts } = await partyApi.disable(kind, row.id);
        toast().success(partyDisabledWithAccounts(disabledAccounts));
      }
    } catch {
      // the request client has shown why
    }
    onChanged();
  };

  return (
    <Space size={0}>
      <Permission code={editCode}>
        <Button type="link" size="small" onClick={onEdit} data-testid={`${kind}-edit-${row.code}`}>
          编辑
        </Button>
      </Permission>
      <Permission code={disableCode}>
        {row.status === 'enabled' ? (
          <Popconfirm title={PartyMessages.disableConfirm} okText="停用" okButtonProps={{ danger: true }} onConfirm={() => change(false)} placement="topRight">
            <Button type="link" size="small" danger data-testid={`${kind}-disable-${row.code}`}>
              停用
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm title="确定启用？" description="单位下的账号不会自动启用，需在“账号”中逐个启用" okText="启用" onConfirm={() => change(true)} placement="topRight">
            <Button type="link" size="small" data-testid={`${kind}-enable-${row.code}`}>
              启用
            </Button>
          </Popconfirm>
        )}
      </Permission>
      <Button type="link" size="small" onClick={onAccounts} data-testid={`${kind}-accounts-${row.code}`}>
        账号
      </Button>
    </Space>
  );
}
