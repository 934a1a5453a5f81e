import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Messages, PasswordMessages } from '@erp/shared';
import { isTicketError, passwordApi } from '../../api/password.ts';
import { dialogConfirmError, dialogPasswordError, toValidator } from '../../auth/password-rules.ts';
import { toast } from '../../api/feedback.ts';
import type { PendingActivation } from './use-complete-login.ts';

/** changed: the password is set; expired: the ticket is no longer good, sign in again to get another */
export type ActivationOutcome = 'changed' | 'expired';

interface NewPasswordDialogProps {
  pending: PendingActivation | null;
  open: boolean;
  onFinish: (outcome: ActivationOutcome) => void;
  /** after the closing animation */
  afterClose: () => void;
}

/**
 * The forced new-password dialog of an inactive account (SPEC §2, §4, §5). It cannot be
 * dismissed: the only ways out are a successful change or a dead ticket.
 */
export function NewPasswordDialog({ pending, open, onFinish, afterClose }: NewPasswordDialogProps) {
  return (
    <Modal open={open} title="设置新密码" closable={false} mask={{ closable: false }} keyboard={false} footer={null} destroyOnHidden centered width={420} afterClose={afterClose}>
      {pending ? <NewPasswordForm pending={pending} onFinish={onFinish} /> : null}
    </Modal>
  );
}

interface NewPasswordValues {
  password: string;
  confirm: string;
}

const passwordOf = (form: FormInstance<NewPasswordValues>): string => form.getFieldValue('password') ?? '';

function NewPasswordForm({ pending, onFinish }: { pending: PendingActivation; onFinish: (outcome: ActivationOutcome) => void }) {
  const [form] = Form.useForm<NewPasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ password }: NewPasswordValues) => {
    setSubmitting(true);
    try {
      await passwordApi.updatePassword({ account: pending.account, password, ticket: pending.ticket });
      toast().success(Messages.passwordChanged);
      onFinish('changed');
    } catch (error) {
      // the request client has shown the message; a dead ticket cannot be retried here
      if (isTicketError(error)) onFinish('expired');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div data-testid="newpwd-dialog">
      <Alert type="warning" showIcon title={Messages.accountInactive} style={{ marginBottom: 16 }} />
      <Form<NewPasswordValues> form={form} name="new-password" layout="vertical" onFinish={submit}>
        <Form.Item label="新密码" name="password" rules={[{ required: true, validator: toValidator(dialogPasswordError) }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={PasswordMessages.hint} autoComplete="new-password" data-testid="newpwd-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['password']}
          rules={[{ required: true, validator: toValidator((confirm) => dialogConfirmError(passwordOf(form), confirm)) }]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" data-testid="newpwd-confirm" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="newpwd-submit">
            确 定
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
