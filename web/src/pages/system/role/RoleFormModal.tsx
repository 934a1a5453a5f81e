import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Switch, type FormRule } from 'antd';
import { ROLE_NAME_MAX, ROLE_REMARK_MAX, roleFormProblems, RoleMessages, type RoleForm, type RoleFormField, type RoleRecord } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { roleApi } from './role-api.ts';

interface RoleFormModalProps {
  /** undefined: closed; null: a new role */
  role: RoleRecord | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: RoleForm = { code: '', name: '', remark: '', enabled: true };

/** 新增/编辑角色; a built-in role keeps its code and stays enabled. */
export function RoleFormModal({ role, onClose, onSaved }: RoleFormModalProps) {
  const [form] = Form.useForm<RoleForm>();
  const [saving, setSaving] = useState(false);
  const builtin = !!role?.builtin;

  // one form store for every opening: start each from its own values, without old errors
  useEffect(() => {
    if (role === undefined) return;
    form.resetFields();
    form.setFieldsValue(role ? { code: role.code, name: role.name, remark: role.remark, enabled: role.enabled } : EMPTY);
  }, [role, form]);

  const rule = (field: RoleFormField): FormRule => ({
    validator: () => {
      const problem = roleFormProblems({ ...EMPTY, ...form.getFieldsValue(true) })[field];
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = { ...EMPTY, ...form.getFieldsValue(true) } as RoleForm;
    const body = { code: values.code.trim(), name: values.name.trim(), remark: values.remark.trim(), enabled: values.enabled };
    setSaving(true);
    try {
      if (role) await roleApi.update(role.id, body);
      else await roleApi.create(body);
      toast().success(role ? RoleMessages.updated : RoleMessages.created);
      onSaved();
    } catch {
      // the request client has shown the server's message (e.g. a taken code)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={role ? '编辑角色' : '新增角色'}
      open={role !== undefined}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      forceRender
      data-testid="role-form-dialog"
    >
      {builtin ? <Alert type="info" showIcon className="role-form__alert" title="内置角色：编码不可修改，且不能停用或删除" /> : null}
      <Form form={form} layout="vertical" name="roleForm" autoComplete="off" initialValues={EMPTY}>
        <Form.Item name="code" label="角色编码" rules={[rule('code')]} required tooltip="英文编码，创建后供系统识别，如 stock_keeper">
          <Input maxLength={32} disabled={builtin} placeholder="小写字母开头，如 stock_keeper" data-testid="role-form-code" />
        </Form.Item>
        <Form.Item name="name" label="角色名称" rules={[rule('name')]} required>
          <Input maxLength={ROLE_NAME_MAX} showCount placeholder="如 仓库管理员" data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[rule('remark')]}>
          <Input.TextArea rows={3} maxLength={ROLE_REMARK_MAX} showCount placeholder="角色的职责范围，可不填" data-testid="role-form-remark" />
        </Form.Item>
        <Form.Item name="enabled" label="状态" valuePropName="checked" tooltip="停用后，该角色授予的菜单和权限对其成员失效">
          <Switch checkedChildren="启用" unCheckedChildren="停用" disabled={builtin} data-testid="role-form-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
