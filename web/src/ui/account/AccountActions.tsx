import type { ReactNode } from 'react';
import { Button, type Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { PartyStatus, PermissionCode } from '@erp/shared';
import { Permission } from '../../access/Permission.tsx';
import { toast } from '../../api/feedback.ts';
import { PartyStatusTag } from './PartyStatusTag.tsx';

// The actions on one sign-in account, for a party's accounts and for sub-users alike:
// 重置密码 (the temporary password shown once), 停用 and 启用.

export type ModalApi = ReturnType<typeof Modal.useModal>[0];

export interface AccountTexts {
  /** 账号 or 子账号, in the confirmations and the temporary-password dialog */
  noun: string;
  resetConfirm: string;
  disableConfirm: string;
  passwordReset: string;
  enabled: string;
  disabled: string;
}

export interface AccountCalls {
  resetPassword: (id: number) => Promise<{ password: string }>;
  enable: (id: number) => Promise<unknown>;
  disable: (id: number) => Promise<unknown>;
}

interface AccountRow {
  id: number;
  account: string;
  status: PartyStatus;
}

/** 状态, with 待改密 while the person has to set a new password. */
export function AccountStatus({ status, active }: { status: PartyStatus; active: boolean }) {
  return (
    <Space size={4}>
      <PartyStatusTag status={status} />
      {active ? null : (
        <Tooltip title="下次登录须设置新密码">
          <Tag color="gold">待改密</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function Gate({ code, children }: { code?: PermissionCode; children: ReactNode }) {
  return code ? <Permission code={code}>{children}</Permission> : children;
}

interface AccountActionsProps {
  row: AccountRow;
  texts: AccountTexts;
  calls: AccountCalls;
  /** testids `<prefix>-reset-<account>`, `<prefix>-disable-…`, `<prefix>-enable-…` */
  testIdPrefix: string;
  /** the page's modal (Modal.useModal), so the password dialog outlives a refetched row */
  modal: ModalApi;
  /** after each action, whether it worked or not */
  onDone: () => unknown;
  /** button codes for 重置密码 and for 停用/启用; left out, the caller decided already */
  resetCode?: PermissionCode;
  toggleCode?: PermissionCode;
  /** given, 启用 asks first with this description; else it acts at once */
  enableConfirm?: string;
  /** a reason 启用 cannot be used now (the party is disabled) */
  enableBlockedBy?: string;
  /** buttons before 重置密码 (编辑) */
  children?: ReactNode;
}

export function AccountActions(props: AccountActionsProps) {
  const { row, texts, calls, testIdPrefix: prefix, modal, onDone, enableConfirm, enableBlockedBy } = props;

  const resetPassword = async () => {
    try {
      const { password } = await calls.resetPassword(row.id);
      toast().success(texts.passwordReset);
      modal.success({
        title: '临时密码',
        width: 460,
        okText: '我已记下',
        content: (
          <div data-testid="temporary-password">
            <p>
              {texts.noun} <Typography.Text strong>{row.account}</Typography.Text> 的临时密码如下，只显示这一次，请立即告知使用人。使用人登录后须设置新密码。
            </p>
            <Typography.Paragraph copyable={{ text: password, tooltips: ['复制', '已复制'] }} code style={{ fontSize: 18, marginBottom: 0 }}>
              {password}
            </Typography.Paragraph>
          </div>
        ),
      });
    } catch {
      // the request client has shown why
    }
    await onDone();
  };

  const toggle = async () => {
    const enabling = row.status === 'disabled';
    try {
      await (enabling ? calls.enable(row.id) : calls.disable(row.id));
      toast().success(enabling ? texts.enabled : texts.disabled);
    } catch {
      // the request client has shown why
    }
    await onDone();
  };

  const enableButton = (onClick?: () => void) => (
    <Button type="link" size="small" disabled={!!enableBlockedBy} onClick={onClick} data-testid={`${prefix}-enable-${row.account}`}>
      启用
    </Button>
  );

  return (
    <Space size={0}>
      {props.children}
      <Gate code={props.resetCode}>
        <Popconfirm title={`重置${texts.noun}“${row.account}”的密码？`} description={texts.resetConfirm} okText="重置" onConfirm={resetPassword} placement="topRight">
          <Button type="link" size="small" data-testid={`${prefix}-reset-${row.account}`}>
            重置密码
          </Button>
        </Popconfirm>
      </Gate>
      <Gate code={props.toggleCode}>
        {row.status === 'enabled' ? (
          <Popconfirm
            title={`停用${texts.noun}“${row.account}”？`}
            description={texts.disableConfirm}
            okText="停用"
            okButtonProps={{ danger: true }}
            onConfirm={toggle}
            placement="topRight"
          >
            <Button type="link" size="small" danger data-testid={`${prefix}-disable-${row.account}`}>
              停用
            </Button>
          </Popconfirm>
        ) : enableConfirm ? (
          <Popconfirm title={`启用${texts.noun}“${row.account}”？`} description={enableConfirm} okText="启用" onConfirm={toggle} placement="topRight">
            {enableButton()}
          </Popconfirm>
        ) : (
          <Tooltip title={enableBlockedBy}>{enableButton(() => void toggle())}</Tooltip>
        )}
      </Gate>
    </Space>
  );
}
