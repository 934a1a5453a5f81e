import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { LoginMessages, RESET_PHONE_PATTERN, SmsMessages } from '@erp/shared';
import { passwordApi } from '../../api/password.ts';
import { toast } from '../../api/feedback.ts';
import { SmsCodeInput } from '../../ui/sms-code/SmsCodeInput.tsx';
import { deliverToFormPhone } from '../../ui/sms-code/deliver-to-form-phone.ts';
import { stripSpaces } from '../../ui/sms-code/strip-spaces.ts';

interface VerifyValues {
  phone: string;
  code: string;
}

/** Step 0 验证身份: phone and SMS code; the server's ticket moves the flow on. */
export function VerifyStep({ onVerified }: { onVerified: (account: string, ticket: string) => void }) {
  const [form] = Form.useForm<VerifyValues>();
  const [checking, setChecking] = useState(false);

  const sendToPhone = deliverToFormPhone(form, passwordApi.sendResetCode);
  // SPEC §5: an empty phone on a code request warns instead of showing the field error
  const deliver = async () => {
    if (!form.getFieldValue('phone')) {
      toast().warning(SmsMessages.resetPhoneEmptyOnSend);
      return false;
    }
    return sendToPhone();
  };

  const onFinish = async ({ phone, code }: VerifyValues) => {
    setChecking(true);
    try {
      const { ticket } = await passwordApi.checkResetCode(phone, code);
      onVerified(phone, ticket);
    } catch {
      // the request client has shown the server's message (验证码错误或已失效)
    } finally {
      setChecking(false);
    }
  };

  return (
    <Form<VerifyValues> form={form} name="reset-verify" size="large" onFinish={onFinish}>
      <Form.Item
        name="phone"
        normalize={stripSpaces}
        rules={[
          { required: true, message: SmsMessages.resetPhoneRequired },
          { pattern: RESET_PHONE_PATTERN, message: LoginMessages.phoneInvalid },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="numeric" autoComplete="tel" data-testid="reset-phone" />
      </Form.Item>
      <SmsCodeInput name="code" rules={[{ required: true, message: LoginMessages.codeRequired }]} deliver={deliver} inputTestId="reset-code" buttonTestId="reset-send" />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={checking} data-testid="reset-next">
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}
