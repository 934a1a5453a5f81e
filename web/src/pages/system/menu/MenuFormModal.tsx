import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Switch, TreeSelect, type FormRule } from 'antd';
import {
  MENU_SORT_MAX,
  MENU_TITLE_MAX,
  MENU_TYPE_LABELS,
  MENU_TYPES,
  menuFormProblems,
  MenuMessages,
  normalizeMenuForm,
  parentAllows,
  type MenuForm,
  type MenuFormField,
  type MenuTreeNode,
} from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { IconPicker } from './IconPicker.tsx';
import { menuAdminApi } from './menu-api.ts';
import { locate, parentOptions } from './menu-rows.ts';

export interface MenuEditing {
  /** null: a new node */
  id: number | null;
  initial: MenuForm;
}

interface MenuFormModalProps {
  editing: MenuEditing | null;
  tree: readonly MenuTreeNode[];
  onClose: () => void;
  onSaved: () => void;
}

const PARENT_HINT = { button: MenuMessages.buttonParent, other: MenuMessages.parentMustBeDir };

/** 新增/编辑菜单: the fields of the chosen type, checked by the same rules as the server. */
export function MenuFormModal({ editing, tree, onClose, onSaved }: MenuFormModalProps) {
  const [form] = Form.useForm<MenuForm>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? editing?.initial.type ?? 'menu';
  const open = editing !== null;

  // one form store for every opening: start each from its own values, without old errors
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.initial);
  }, [editing, form]);

  const parents = useMemo(() => parentOptions(tree, type, editing?.id ?? null), [tree, type, editing]);

  // one rule per field, from the shared checks of the whole (normalised) form
  const rule = (field: MenuFormField): FormRule => ({
    validator: () => {
      const problem = menuFormProblems(normalizeMenuForm(form.getFieldsValue(true) as MenuForm))[field];
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
  const parentRule: FormRule = {
    validator: (_, parentId: number | null | undefined) => {
      const parentType = parentId ? (locate(tree, parentId)?.node.type ?? null) : null;
      if (parentAllows(parentType, type)) return Promise.resolve();
      return Promise.reject(new Error(type === 'button' ? PARENT_HINT.button : PARENT_HINT.other));
    },
  };

  const submit = async () => {
    let values: MenuForm;
    try {
      await form.validateFields();
      values = normalizeMenuForm({ ...(form.getFieldsValue(true) as MenuForm), parentId: form.getFieldValue('parentId') ?? null });
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (editing?.id) await menuAdminApi.update(editing.id, values);
      else await menuAdminApi.create(values);
      toast().success(MenuMessages.saved);
      onSaved();
    } catch {
      // the request client has shown the server's message; the form stays for another try
    } finally {
      setSaving(false);
    }
  };

  const isButton = type === 'button';
  const pathLabel = type === 'link' ? '外链地址' : '路由地址';
  return (
    <Modal
      title={editing?.id ? '编辑菜单' : '新增菜单'}
      open={open}
      width={720}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      forceRender
      data-testid="menu-form-dialog"
    >
      <Form form={form} layout="vertical" name="menuForm" className="menu-form" autoComplete="off">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="type" label="类型" required>
              <Radio.Group optionType="button" buttonStyle="solid" data-testid="menu-form-type">
                {MENU_TYPES.map((t) => (
                  <Radio.Button key={t} value={t} data-testid={`menu-type-${t}`}>
                    {MENU_TYPE_LABELS[t]}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="parentId" label="上级菜单" rules={[parentRule]} dependencies={['type']} required={isButton}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                placeholder={isButton ? '请选择所属页面' : '顶级（无上级）'}
                treeData={parents}
                data-testid="menu-form-parent"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title" label={isButton ? '按钮名称' : '菜单标题'} rules={[rule('title')]} required>
              <Input maxLength={MENU_TITLE_MAX} showCount placeholder="显示在菜单和标签页上的中文名称" data-testid="menu-form-title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label="路由名称" rules={[rule('name')]} required tooltip="全局唯一的英文名，如 SystemMenu">
              <Input maxLength={64} placeholder="如 SystemMenu" data-testid="menu-form-name" />
            </Form.Item>
          </Col>
          {isButton ? (
            <Col span={12}>
              <Form.Item name="permission" label="权限标识" rules={[rule('permission')]} required tooltip="服务端按此标识拒绝无权限的调用">
                <Input maxLength={64} placeholder="如 system:menu:add" data-testid="menu-form-permission" />
              </Form.Item>
            </Col>
          ) : (
            <Col span={12}>
              <Form.Item
                name="path"
                label={pathLabel}
                rules={[rule('path')]}
                required
                tooltip={type === 'link' ? '在新窗口打开；{apiPrefix} 会替换为接口前缀' : '以 / 开头为绝对地址，否则相对上级'}
              >
                <Input maxLength={512} placeholder={type === 'link' ? 'https://' : '/erp/system/menu'} data-testid="menu-form-path" />
              </Form.Item>
            </Col>
          )}
          {type === 'menu' ? (
            <>
              <Col span={12}>
                <Form.Item name="component" label="组件路径" rules={[rule('component')]} required tooltip="页面注册表中的名称">
                  <Input maxLength={256} placeholder="如 system/menu/index" data-testid="menu-form-component" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="permission" label="页面权限标识" rules={[rule('permission')]} tooltip="随页面授予，保护页面的查询接口；可不填">
                  <Input maxLength={64} placeholder="如 system:menu:list" data-testid="menu-form-permission" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          {type === 'dir' || type === 'menu' ? (
            <Col span={12}>
              <Form.Item name="redirect" label="重定向" rules={[rule('redirect')]}>
                <Input maxLength={512} placeholder="可不填" data-testid="menu-form-redirect" />
              </Form.Item>
            </Col>
          ) : null}
          {!isButton ? (
            <Col span={12}>
              <Form.Item name="icon" label="图标" rules={[rule('icon')]}>
                <IconPicker />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={6}>
            <Form.Item name="sort" label="排序" rules={[rule('sort')]} required tooltip="同级按数字从小到大排列">
              <InputNumber min={0} max={MENU_SORT_MAX} precision={0} style={{ width: '100%' }} data-testid="menu-form-sort" />
            </Form.Item>
          </Col>
          {type === 'menu' ? (
            <Col span={6}>
              <Form.Item name="keepAlive" label="缓存页面" valuePropName="checked" tooltip="切换标签页后保留页面的输入、筛选和滚动位置">
                <Switch checkedChildren="缓存" unCheckedChildren="不缓存" data-testid="menu-form-keepalive" />
              </Form.Item>
            </Col>
          ) : null}
          {!isButton ? (
            <Col span={6}>
              <Form.Item
                name="hidden"
                label="菜单中隐藏"
                valuePropName="checked"
                tooltip="隐藏的页面不进入侧边菜单，随同级、权限标识相同（或为其按钮权限）的可见页面一起授权，作为从该页面打开的子页面（新增、详情等）；隐藏的目录及其下级不可用"
              >
                <Switch checkedChildren="隐藏" unCheckedChildren="显示" data-testid="menu-form-hidden" />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={6}>
            <Form.Item name="enabled" label="状态" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="menu-form-enabled" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
