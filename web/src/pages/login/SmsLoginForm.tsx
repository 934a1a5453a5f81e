import { Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { LOGIN_PHONE_PATTERN, LoginMessages } from '@erp/shared';
import { authApi } from '../../api/auth.ts';
import { SmsCodeInput } from '../../ui/sms-code/SmsCodeInput.tsx';
import { deliverToFormPhone } from '../../ui/sms-code/deliver-to-form-phone.ts';
import { stripSpaces } from '../../ui/sms-code/strip-spaces.ts';
import { useLoginSubmit, type PendingActivation } from './use-complete-login.ts';

interface SmsLoginValues {
  phone: string;
  sms_code: string;
}

/** 手机号登录 tab (SPEC §2, §5 SMS login). */
export function SmsLoginForm({ onInactive }: { onInactive: (pending: PendingActivation) => void }) {
  const [form] = Form.useForm<SmsLoginValues>();
  const { submitting, signIn } = useLoginSubmit((pending) => {
    form.setFieldValue('sms_code', '');
    onInactive(pending);
  });

  const deliver = deliverToFormPhone(form, authApi.sendLoginCode);

  const onFinish = (values: SmsLoginValues) => signIn(() => authApi.login({ type: 'sms', account: values.phone, sms_code: values.sms_code }));

  return (
    <Form<SmsLoginValues> form={form} name="sms-login" size="large" autoComplete="on" onFinish={onFinish}>
      <Form.Item
        name="phone"
        normalize={stripSpaces}
        rules={[
          { required: true, message: LoginMessages.phoneRequired },
          { pattern: LOGIN_PHONE_PATTERN, message: LoginMessages.phoneInvalid },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="numeric" autoComplete="tel" data-testid="sms-phone" />
      </Form.Item>
      <SmsCodeInput name="sms_code" rules={[{ required: true, message: LoginMessages.codeRequired }]} deliver={deliver} inputTestId="sms-code" buttonTestId="sms-send" />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="sms-submit">
          登 录
        </Button>
      </Form.Item>
    </Form>
  );
}
