import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, LOGIN_PHONE_PATTERN, LoginMessages, type UserInfo } from '@erp/shared';
import { queryKeys } from '../../api/auth.ts';
import { toast } from '../../api/feedback.ts';
import { SmsCodeInput } from '../../ui/sms-code/SmsCodeInput.tsx';
import { deliverToFormPhone } from '../../ui/sms-code/deliver-to-form-phone.ts';
import { stripSpaces } from '../../ui/sms-code/strip-spaces.ts';
import { profileApi } from './profile-api.ts';

type Dialog = 'name' | 'phone' | null;

function NameModal({ user, open, onDone }: { user: UserInfo; open: boolean; onDone: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await profileApi.rename(name.trim());
      toast().success('保存成功');
      onDone(true);
    } catch {
      // the request client has shown the message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="修改姓名" open={open} onCancel={() => onDone(false)} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" name="rename" initialValues={{ name: user.name }} onFinish={submit} preserve={false}>
        <Form.Item
          name="name"
          label="姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 32, message: '姓名不能超过32个字' },
          ]}
        >
          <Input maxLength={32} data-testid="profile-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PhoneModal({ open, onDone }: { open: boolean; onDone: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [saving, setSaving] = useState(false);
  const deliver = deliverToFormPhone(form, profileApi.sendPhoneCode);
  const submit = async ({ phone, code }: { phone: string; code: string }) => {
    setSaving(true);
    try {
      await profileApi.changePhone(phone, code);
      toast().success('手机号已更换');
      onDone(true);
    } catch {
      // the request client has shown the message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="更换手机号" open={open} onCancel={() => onDone(false)} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden>
      <Typography.Paragraph type="secondary">验证码将发送到新手机号，验证通过后即完成更换。</Typography.Paragraph>
      <Form form={form} layout="vertical" name="changePhone" onFinish={submit} preserve={false}>
        <Form.Item
          name="phone"
          label="新手机号"
          normalize={stripSpaces}
          rules={[
            { required: true, message: LoginMessages.phoneRequired },
            { pattern: LOGIN_PHONE_PATTERN, message: LoginMessages.phoneInvalid },
          ]}
        >
          <Input inputMode="numeric" maxLength={11} data-testid="phone-new" />
        </Form.Item>
        <SmsCodeInput name="code" rules={[{ required: true, message: LoginMessages.codeRequired }]} deliver={deliver} inputTestId="phone-code" buttonTestId="phone-send" />
      </Form>
    </Modal>
  );
}

/** 个人资料: the own name and phone (a new phone is proved by a code sent to it). */
export function ProfileCard({ user }: { user: UserInfo }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const client = useQueryClient();
  const done = (saved: boolean) => {
    setDialog(null);
    if (saved) void client.invalidateQueries({ queryKey: queryKeys.userInfo });
  };
  const rows = [
    { key: 'name', title: '姓名', value: displayOrEmpty(user.name), action: '修改', open: () => setDialog('name') },
    { key: 'phone', title: '手机号', value: displayOrEmpty(user.phone), action: user.phone ? '更换' : '绑定', open: () => setDialog('phone') },
  ];
  return (
    <Card title="个人资料" style={{ marginTop: 16 }} styles={{ body: { paddingBlock: 8 } }}>
      {rows.map((row) => (
        <Flex key={row.key} justify="space-between" align="center" style={{ padding: '12px 0' }}>
          <div>
            <Typography.Text strong>{row.title}</Typography.Text>
            <br />
            <Typography.Text type="secondary" data-testid={`profile-${row.key}-value`}>
              {row.value}
            </Typography.Text>
          </div>
          <Button onClick={row.open} data-testid={`profile-${row.key}-edit`}>
            {row.action}
          </Button>
        </Flex>
      ))}
      <NameModal user={user} open={dialog === 'name'} onDone={done} />
      <PhoneModal open={dialog === 'phone'} onDone={done} />
    </Card>
  );
}
