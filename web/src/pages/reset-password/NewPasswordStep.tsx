import { useState } from 'react';
import { Button, Form, Input, Typography, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Messages } from '@erp/shared';
import { isTicketError, passwordApi } from '../../api/password.ts';
import { resetConfirmError, resetPasswordError, toValidator } from '../../auth/password-rules.ts';
import { toast } from '../../api/feedback.ts';

interface NewPasswordValues {
  password: string;
  repassword: string;
}

interface NewPasswordStepProps {
  account: string;
  ticket: string;
  onChanged: () => void;
  onTicketRejected: () => void;
}

/** the rule as a placeholder, as on the personal centre's change-password form */
const RESET_PASSWORD_HINT = '8-30位，数字、大小写字母、特殊字符至少三种';

const passwordOf = (form: FormInstance<NewPasswordValues>): string => form.getFieldValue('password') ?? '';

/** Step 1 设置新密码 (SPEC §5 Reset page rules). */
export function NewPasswordStep({ account, ticket, onChanged, onTicketRejected }: NewPasswordStepProps) {
  const [form] = Form.useForm<NewPasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ password }: NewPasswordValues) => {
    setSubmitting(true);
    try {
      await passwordApi.updatePassword({ account, password, ticket });
      toast().success(Messages.passwordChanged);
      onChanged();
    } catch (error) {
      // the request client has shown the message; a dead ticket means verifying again
      if (isTicketError(error)) onTicketRejected();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<NewPasswordValues> form={form} name="reset-password" size="large" onFinish={onFinish}>
      <Typography.Paragraph type="secondary">
        为手机号 <Typography.Text strong>{account}</Typography.Text> 设置新密码
      </Typography.Paragraph>
      <Form.Item name="password" rules={[{ required: true, validator: toValidator(resetPasswordError) }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={RESET_PASSWORD_HINT} autoComplete="new-password" data-testid="reset-password" />
      </Form.Item>
      <Form.Item name="repassword" dependencies={['password']} rules={[{ required: true, validator: toValidator((confirm) => resetConfirmError(passwordOf(form), confirm)) }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="确认新密码" autoComplete="new-password" data-testid="reset-confirm" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="reset-submit">
          提交
        </Button>
      </Form.Item>
    </Form>
  );
}
