import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_NAME_MAX, optionalPhoneProblem, SubUserMessages, type MenuTreeNode, type SubUserDetail } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { InitialPasswordItem } from '../../../ui/account/InitialPasswordItem.tsx';
import { accountFormRules } from '../../../ui/account/account-rules.ts';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { afterCheck, buildGrantTree, checkedFromGrants, grantsFromChecked, indexGrantTree } from '../role/grant-tree.ts';
import { GrantDrawerBody, GrantFooter, GrantTreeView } from '../role/GrantTreeView.tsx';
import '../role/role-page.css';
import { subUserApi, subUserKeys } from './subuser-api.ts';

/** What the drawer edits: a new sub-user, or an existing one by id. */
export type SubUserTarget = { mode: 'create' } | { mode: 'edit'; id: number; account: string };

interface FormValues {
  account: string;
  name: string;
  phone: string;
  password: string;
}

// a party account's rules, but the phone may be left empty
const rules = { ...accountFormRules, phone: [checkRule(optionalPhoneProblem)] };

interface EditorProps {
  target: SubUserTarget;
  nodes: readonly MenuTreeNode[];
  detail: SubUserDetail | null;
  onClose: () => void;
  onSaved: () => void;
}

function SubUserEditor({ target, nodes, detail, onClose, onSaved }: EditorProps) {
  const [form] = Form.useForm<FormValues>();
  const tree = useMemo(() => buildGrantTree(nodes), [nodes]);
  const index = useMemo(() => indexGrantTree(tree), [tree]);
  const [checked, setChecked] = useState<string[]>(() => checkedFromGrants(index, detail?.menuIds ?? []));
  const [expanded, setExpanded] = useState<Key[]>(() => [...new Set([...index.parentOf.values()].filter((key): key is string => key !== null))]);
  const [treeError, setTreeError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const creating = target.mode === 'create';

  const submit = async (values: FormValues) => {
    const menuIds = grantsFromChecked(index, checked);
    if (!checked.length) {
      setTreeError(SubUserMessages.menusRequired);
      return;
    }
    setSaving(true);
    try {
      const common = { name: values.name.trim(), phone: (values.phone ?? '').trim(), menuIds };
      if (target.mode === 'create') {
        await subUserApi.create({ ...common, account: values.account.trim(), password: values.password });
        toast().success(SubUserMessages.created);
      } else {
        await subUserApi.update(target.id, common);
        toast().success(SubUserMessages.updated);
      }
      onSaved();
    } catch {
      // the request client has shown the server's message; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="subuser-editor">
      <Form<FormValues>
        form={form}
        name="subUserForm"
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => !checked.length && setTreeError(SubUserMessages.menusRequired)}
        autoComplete="off"
        initialValues={{ account: detail?.account ?? '', name: detail?.name ?? '', phone: detail?.phone ?? '', password: '' }}
        className="subuser-editor__form"
      >
        {creating ? (
          <Alert
            type="info"
            showIcon
            className="subuser-editor__alert"
            title="子账号与您的账号同属一个单位、看到同样范围的数据；权限只能从您自己的权限中选择。首次登录须设置新密码。"
          />
        ) : null}
        <div className="subuser-editor__grid">
          <Form.Item name="account" label="登录账号" required rules={creating ? rules.account : []} extra={creating ? '3-32位字母、数字、下划线、点或短横线' : undefined}>
            <Input maxLength={32} placeholder="如 hz_clerk01" disabled={!creating} data-testid="subuser-form-account" />
          </Form.Item>
          <Form.Item name="name" label="姓名" required rules={rules.name}>
            <Input maxLength={ACCOUNT_NAME_MAX} placeholder="使用人姓名" data-testid="subuser-form-name" />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={rules.phone} extra="选填；可用于短信登录和找回密码">
            <Input maxLength={11} placeholder="11位手机号" data-testid="subuser-form-phone" />
          </Form.Item>
          {creating ? <InitialPasswordItem extra="使用人首次登录后须改为自己的密码" testIdPrefix="subuser-form" /> : null}
        </div>
        <Form.Item
          label={
            <Space size={8}>
              <span>权限</span>
              <Typography.Text type="secondary" className="subuser-editor__count">
                已选 {checked.length} / {index.leaves.length} 项
              </Typography.Text>
            </Space>
          }
          required
          validateStatus={treeError ? 'error' : undefined}
          help={treeError ?? '勾选按钮会同时授予其页面；您失去的权限，子账号也随之失去'}
          className="subuser-editor__perm"
        >
          <div className="subuser-editor__tree-tools">
            <Space size={4}>
              <Button size="small" onClick={() => setChecked([...index.leaves])} data-testid="subuser-grant-all">
                全选
              </Button>
              <Button size="small" onClick={() => setChecked([])}>
                清空
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                折叠全部
              </Button>
            </Space>
          </div>
          <GrantTreeView
            tree={tree}
            checked={checked}
            expanded={expanded}
            onExpand={setExpanded}
            onCheck={(keys, clicked) => {
              const after = afterCheck(index, keys, clicked);
              setChecked(after);
              if (after.length) setTreeError(null);
            }}
            className="grant-editor__tree subuser-editor__tree"
            testId="subuser-grant-tree"
          />
        </Form.Item>
      </Form>
      <GrantFooter saving={saving} onCancel={onClose} onSave={() => form.submit()} saveTestId="subuser-save" />
    </div>
  );
}

interface SubUserDrawerProps {
  /** null closes the drawer */
  target: SubUserTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑子账号: the account fields and a checkable tree of the caller's own menus and buttons. */
export function SubUserDrawer({ target, onClose, onSaved }: SubUserDrawerProps) {
  const editId = target?.mode === 'edit' ? target.id : null;
  const grantable = useQuery({ queryKey: subUserKeys.grantable, queryFn: ({ signal }) => subUserApi.grantable(signal), enabled: target !== null, staleTime: 0 });
  const detail = useQuery({
    queryKey: subUserKeys.detail(editId ?? 0),
    queryFn: ({ signal }) => subUserApi.get(editId!, signal),
    enabled: editId !== null,
    staleTime: 0,
  });
  const error = grantable.error ?? (editId !== null ? detail.error : null);
  const ready = grantable.data && !grantable.isFetching && (editId === null || (detail.data && !detail.isFetching));
  const title = target?.mode === 'edit' ? `编辑子账号：${target.account}` : '新增子账号';
  return (
    <Drawer title={title} open={target !== null} onClose={onClose} size={640} destroyOnHidden className="grant-drawer" data-testid="subuser-drawer">
      <GrantDrawerBody error={error} retry={() => void Promise.all([grantable.refetch(), detail.refetch()])}>
        {target && ready ? (
          <SubUserEditor key={editId ?? 'new'} target={target} nodes={grantable.data} detail={editId !== null ? detail.data! : null} onClose={onClose} onSaved={onSaved} />
        ) : null}
      </GrantDrawerBody>
    </Drawer>
  );
}
