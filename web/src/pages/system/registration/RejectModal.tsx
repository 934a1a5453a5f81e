import { useState } from 'react';
import { Descriptions, Form, Input, Modal } from 'antd';
import { displayOrEmpty } from '@erp/shared';
import { APPLICANT_TYPE_LABELS } from '../../../api/register.ts';
import { registrationApi, RegistrationMessages, REJECT_REASON_MAX, type Registration } from '../../../api/registration.ts';

interface RejectModalProps {
  /** the application to reject; null closes the dialog */
  registration: Registration | null;
  onClose: () => void;
  onRejected: () => void;
}

/** 驳回: a required reason (1-200 characters) that the applicant's record keeps. */
export function RejectModal({ registration, onClose, onRejected }: RejectModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    if (!registration) return;
    setSaving(true);
    try {
      await registrationApi.reject(registration.id, reason.trim());
      onRejected();
    } catch {
      // the request client has shown the server's message; the reason stays for another try
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="驳回注册申请"
      open={registration !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="registration-reject-dialog"
    >
      {registration ? (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'name', label: '名称', children: registration.businessName, span: 2 },
            { key: 'type', label: '类型', children: APPLICANT_TYPE_LABELS[registration.applicantType] },
            { key: 'account', label: '账号', children: registration.account },
            { key: 'contact', label: '联系人', children: displayOrEmpty(registration.contactName) },
            { key: 'phone', label: '手机号', children: registration.phone },
          ]}
        />
      ) : null}
      <Form form={form} layout="vertical" name="rejectRegistration" onFinish={submit} preserve={false}>
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: RegistrationMessages.reasonRequired }]}>
          <Input.TextArea rows={4} maxLength={REJECT_REASON_MAX} showCount placeholder="请说明驳回原因，申请人可据此修改后重新申请" data-testid="registration-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
