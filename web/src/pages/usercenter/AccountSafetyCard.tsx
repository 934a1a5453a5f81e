import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { checkResetPassword, Messages, PasswordMessages } from '@erp/shared';
import { clearSession } from '../../auth/session.ts';
import { toast } from '../../api/feedback.ts';
import { accountSafetyApi } from './account-safety-api.ts';
import { useWechatBindingRow } from './WechatBinding.tsx';

interface ChangeForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Both actions end every session: leave to /login with a message. */
function useLeaveToLogin() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (message: string) => {
    clearSession();
    toast().success(message);
    navigate('/login', { replace: true });
    setTimeout(() => client.clear(), 0);
  };
}

function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ChangeForm>();
  const [saving, setSaving] = useState(false);
  const leave = useLeaveToLogin();
  const submit = async (values: ChangeForm) => {
    setSaving(true);
    try {
      await accountSafetyApi.changePassword({ oldPassword: values.oldPassword, password: values.password });
      onClose();
      leave(Messages.passwordChanged);
    } catch {
      // the request client has shown the server's message; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认修改"
      confirmLoading={saving}
      destroyOnHidden
      data-testid="change-password-dialog"
    >
      <Alert type="info" showIcon title="修改成功后，所有设备上的登录都会失效，需要用新密码重新登录。" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="changePassword" onFinish={submit} preserve={false}>
        <Form.Item name="oldPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" data-testid="change-old" />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: PasswordMessages.required },
            {
              validator: async (_, value: string) => {
                const problem = value ? checkResetPassword(value) : null;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="8-30位，数字、大小写字母、特殊字符至少三种" data-testid="change-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: PasswordMessages.confirmRequired },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(PasswordMessages.resetMismatch);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LogOffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);
  const leave = useLeaveToLogin();
  const submit = async ({ password }: { password: string }) => {
    setSaving(true);
    try {
      await accountSafetyApi.logOff(password);
      onClose();
      leave('账号已注销');
    } catch {
      // message shown by the request client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="注销账号" open={open} onCancel={onClose} onOk={() => form.submit()} okText="确认注销" okButtonProps={{ danger: true }} confirmLoading={saving} destroyOnHidden>
      <Alert type="warning" showIcon title="注销后本账号将被停用，无法再登录；如需恢复请联系管理员。" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" name="logOff" onFinish={submit} preserve={false}>
        <Form.Item name="password" label="请输入登录密码以确认" rules={[{ required: true, message: PasswordMessages.required }]}>
          <Input.Password autoComplete="current-password" data-testid="logoff-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 账号安全: change password, WeChat binding and log off the own account. */
export function AccountSafetyCard() {
  const [dialog, setDialog] = useState<'password' | 'logoff' | null>(null);
  const wechatRow = useWechatBindingRow();
  const close = () => setDialog(null);
  return (
    <Card title="账号安全" style={{ marginTop: 16 }} styles={{ body: { paddingBlock: 8 } }}>
      {[
        {
          key: 'password',
          title: '登录密码',
          description: '定期修改密码可以保护账号安全',
          action: (
            <Button onClick={() => setDialog('password')} data-testid="change-password">
              修改密码
            </Button>
          ),
        },
        wechatRow,
        {
          key: 'logoff',
          title: '注销账号',
          description: '停用本账号，停用后无法再登录',
          action: (
            <Button danger onClick={() => setDialog('logoff')}>
              注销账号
            </Button>
          ),
        },
      ].map((item) => (
        <Flex key={item.key} justify="space-between" align="center" style={{ padding: '12px 0' }}>
          <div>
            <Typography.Text strong>{item.title}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{item.description}</Typography.Text>
          </div>
          {item.action}
        </Flex>
      ))}
      <ChangePasswordModal open={dialog === 'password'} onClose={close} />
      <LogOffModal open={dialog === 'logoff'} onClose={close} />
    </Card>
  );
}
