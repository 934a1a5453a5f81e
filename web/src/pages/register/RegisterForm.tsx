import { useState } from 'react';
import { Button, Form, Input, Radio, type FormInstance } from 'antd';
import { BankOutlined, ContactsOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_PHONE_PATTERN, LoginMessages } from '@erp/shared';
import { ApiError } from '../../api/request.ts';
import { APPLICANT_TYPES, registerApi, type ApplicantType, APPLICANT_TYPE_LABELS } from '../../api/register.ts';
import { resetConfirmError, resetPasswordError, toValidator } from '../../auth/password-rules.ts';
import { toast } from '../../api/feedback.ts';
import { SmsCodeInput } from '../../ui/sms-code/SmsCodeInput.tsx';
import { deliverToFormPhone } from '../../ui/sms-code/deliver-to-form-phone.ts';
import { stripSpaces } from '../../ui/sms-code/strip-spaces.ts';
import { RegisterMessages, accountError, businessError, businessPlaceholder, fieldOfServerMessage } from './register-rules.ts';

interface RegisterValues {
  username: string;
  password: string;
  repassword: string;
  applicantType: ApplicantType;
  businessName: string;
  contactName?: string;
  phone: string;
  smsCode: string;
}

/** the rule as a placeholder, as on the reset page */
const PASSWORD_HINT = '8-30位，数字、大小写字母、特殊字符至少三种';

const passwordOf = (form: FormInstance<RegisterValues>): string => form.getFieldValue('password') ?? '';

/** The application form; `onSubmitted` gets the account once the server has accepted it. */
export function RegisterForm({ onSubmitted }: { onSubmitted: (account: string) => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const applicantType = Form.useWatch('applicantType', form);
  const [submitting, setSubmitting] = useState(false);

  const deliver = deliverToFormPhone(form, registerApi.sendRegisterCode);

  const onFinish = async (values: RegisterValues) => {
    const username = values.username.trim();
    setSubmitting(true);
    try {
      await registerApi.register({
        username,
        password: values.password,
        phone: values.phone,
        smsCode: values.smsCode,
        applicantType: values.applicantType,
        businessName: values.businessName.trim(),
        contactName: values.contactName?.trim() ?? '',
      });
      toast().success(RegisterMessages.submitted);
      onSubmitted(username);
    } catch (error) {
      // the request client has shown the message; a refusal about one field also marks that field
      const field = error instanceof ApiError ? fieldOfServerMessage(error.msg) : null;
      if (field && error instanceof ApiError) form.setFields([{ name: field, errors: [error.msg] }]);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      size="large"
      layout="horizontal"
      labelCol={{ flex: '88px' }}
      labelAlign="left"
      wrapperCol={{ flex: '1 1 0' }}
      colon={false}
      onFinish={onFinish}
    >
      <Form.Item label="账号" name="username" required rules={[{ validator: toValidator(accountError) }]}>
        <Input prefix={<UserOutlined />} placeholder="3-32位字母、数字、下划线" autoComplete="username" data-testid="register-username" />
      </Form.Item>
      <Form.Item label="密码" name="password" required rules={[{ validator: toValidator(resetPasswordError) }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={PASSWORD_HINT} autoComplete="new-password" data-testid="register-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="repassword"
        required
        dependencies={['password']}
        rules={[{ validator: toValidator((confirm) => resetConfirmError(passwordOf(form), confirm)) }]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="再次输入密码" autoComplete="new-password" data-testid="register-confirm" />
      </Form.Item>
      <Form.Item label="申请类型" name="applicantType" rules={[{ required: true, message: RegisterMessages.typeRequired }]}>
        <Radio.Group optionType="button" buttonStyle="solid" block>
          {APPLICANT_TYPES.map((type) => (
            <Radio.Button key={type} value={type}>
              {/* the radio input itself is hidden; the visible label is what a test clicks */}
              <span data-testid={`register-type-${type}`}>{APPLICANT_TYPE_LABELS[type]}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label="单位名称" name="businessName" required rules={[{ validator: toValidator(businessError) }]}>
        <Input prefix={<BankOutlined />} placeholder={businessPlaceholder(applicantType)} maxLength={100} data-testid="register-business" />
      </Form.Item>
      <Form.Item label="联系人" name="contactName">
        <Input prefix={<ContactsOutlined />} placeholder="选填" maxLength={50} autoComplete="name" data-testid="register-contact" />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="phone"
        normalize={stripSpaces}
        rules={[
          { required: true, message: LoginMessages.phoneRequired },
          { pattern: LOGIN_PHONE_PATTERN, message: LoginMessages.phoneInvalid },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="numeric" autoComplete="tel" data-testid="register-phone" />
      </Form.Item>
      <Form.Item label="验证码" required style={{ marginBottom: 0 }}>
        <SmsCodeInput name="smsCode" rules={[{ required: true, message: LoginMessages.codeRequired }]} deliver={deliver} inputTestId="register-code" buttonTestId="register-send" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          提交申请
        </Button>
      </Form.Item>
    </Form>
  );
}
