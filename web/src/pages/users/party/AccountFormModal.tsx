import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { ACCOUNT_NAME_MAX, PARTY_KIND_LABELS, PartyMessages, type PartyAccountInput, type PartyKind } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { partyApi } from './party-api.ts';
import { InitialPasswordItem } from '../../../ui/account/InitialPasswordItem.tsx';
import { accountFormRules } from '../../../ui/account/account-rules.ts';
import { trimAll } from './party-rules.ts';

interface AccountFormModalProps {
  kind: PartyKind;
  party: { id: number; name: string } | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增账号: the person signs in with it and must set a new password at the first sign-in. */
export function AccountFormModal({ kind, party, open, onClose, onSaved }: AccountFormModalProps) {
  const [form] = Form.useForm<PartyAccountInput>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: PartyAccountInput) => {
    if (!party) return;
    setSaving(true);
    try {
      const { password, ...rest } = values;
      await partyApi.createAccount(kind, party.id, { ...trimAll(rest), password });
      toast().success(PartyMessages.accountCreated);
      onSaved();
    } catch {
      // the request client has shown the server's message; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`新增${PARTY_KIND_LABELS[kind]}账号`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
      width={520}
      data-testid="account-form-dialog"
    >
      <Alert
        type="info"
        showIcon
        style={{ margin: '12px 0 16px' }}
        title={`账号归属：${party?.name ?? ''}`}
        description="新账号为未激活状态，使用人首次登录时须设置新密码。请将账号和初始密码告知使用人。"
      />
      <Form form={form} name="partyAccountForm" labelCol={{ flex: '84px' }} wrapperCol={{ flex: 'auto' }} onFinish={submit} preserve={false} autoComplete="off">
        <Form.Item name="account" label="登录账号" required rules={accountFormRules.account} extra="3-32位字母、数字、下划线、点或短横线">
          <Input maxLength={32} placeholder="如 hz_shop02" data-testid="account-form-account" />
        </Form.Item>
        <Form.Item name="name" label="姓名" required rules={accountFormRules.name}>
          <Input maxLength={ACCOUNT_NAME_MAX} placeholder="使用人姓名" data-testid="account-form-name" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" required rules={accountFormRules.phone} extra="可用于短信登录和找回密码">
          <Input maxLength={11} placeholder="11位手机号" data-testid="account-form-phone" />
        </Form.Item>
        <InitialPasswordItem extra="使用人首次登录后须改为自己的密码；可点“随机生成”" testIdPrefix="account-form" />
      </Form>
    </Modal>
  );
}
