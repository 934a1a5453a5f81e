import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Drawer, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLE_CODE, Permissions, RoleMessages, type MenuTreeNode, type RoleRecord } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { reloadOwnRoutes } from '../menu/menu-api.ts';
import { afterCheck, buildGrantTree, checkedFromGrants, grantsFromChecked, indexGrantTree, lockedLeaves } from './grant-tree.ts';
import { GrantDrawerBody, GrantFooter, GrantTreeView } from './GrantTreeView.tsx';
import { roleApi, roleKeys } from './role-api.ts';

/** The admin role keeps 角色管理 and 权限分配 (the server refuses otherwise). */
function lockedIds(nodes: readonly MenuTreeNode[]): Set<number> {
  const ids = new Set<number>();
  const walk = (list: readonly MenuTreeNode[]) => {
    for (const node of list) {
      if ((node.type === 'menu' && node.permission === Permissions.roleList) || (node.type === 'button' && node.permission === Permissions.roleGrant)) ids.add(node.id);
      walk(node.children);
    }
  };
  walk(nodes);
  return ids;
}

interface EditorProps {
  role: RoleRecord;
  nodes: readonly MenuTreeNode[];
  granted: readonly number[];
  onClose: () => void;
  onSaved: () => void;
}

function GrantEditor({ role, nodes, granted, onClose, onSaved }: EditorProps) {
  const client = useQueryClient();
  const locked = useMemo(() => (role.code === ADMIN_ROLE_CODE ? lockedIds(nodes) : new Set<number>()), [role.code, nodes]);
  const tree = useMemo(() => buildGrantTree(nodes, locked), [nodes, locked]);
  const index = useMemo(() => indexGrantTree(tree), [tree]);
  const keep = useMemo(() => lockedLeaves(index, locked), [index, locked]);
  const [checked, setChecked] = useState<string[]>(() => checkedFromGrants(index, granted));
  // the first level, and the way down to every granted leaf
  const [expanded, setExpanded] = useState<Key[]>(() => {
    const keys = new Set<string>(tree.map((n) => n.key));
    for (const leaf of checked) for (let key = index.parentOf.get(leaf); key; key = index.parentOf.get(key)) keys.add(key);
    return [...keys];
  });
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await roleApi.grant(role.id, grantsFromChecked(index, checked));
      toast().success(RoleMessages.granted);
      await Promise.all([client.invalidateQueries({ queryKey: roleKeys.grants(role.id) }), reloadOwnRoutes(client)]);
      onSaved();
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const allParents = [...index.parentOf.values()].filter((key): key is string => key !== null);
  return (
    <div className="grant-editor">
      {locked.size ? <Alert type="info" showIcon className="grant-editor__alert" title="总部管理员必须保留「角色管理」页面和「权限分配」按钮" /> : null}
      <div className="grant-editor__toolbar">
        <Space size={4}>
          <Button size="small" onClick={() => setExpanded([...new Set(allParents)])}>
            展开全部
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            折叠全部
          </Button>
          <Button size="small" onClick={() => setChecked([...index.leaves])} data-testid="grant-all">
            全选
          </Button>
          <Button size="small" onClick={() => setChecked(keep)} data-testid="grant-none">
            清空
          </Button>
        </Space>
        <Typography.Text type="secondary">
          已选 {checked.length} / {index.leaves.length} 项
        </Typography.Text>
      </div>
      <GrantTreeView
        tree={tree}
        checked={checked}
        expanded={expanded}
        onExpand={setExpanded}
        onCheck={(keys, clicked) => setChecked(afterCheck(index, keys, clicked, keep))}
        detailed
        className="grant-editor__tree"
        testId="grant-tree"
      />
      <GrantFooter hint="勾选按钮会同时授予其页面；保存后用户在下次加载路由时生效" saving={saving} onCancel={onClose} onSave={save} saveTestId="grant-save" />
    </div>
  );
}

interface GrantDrawerProps {
  role: RoleRecord | null;
  onClose: () => void;
}

/** 权限分配: the menus, pages and buttons a role grants. */
export function GrantDrawer({ role, onClose }: GrantDrawerProps) {
  const tree = useQuery({ queryKey: roleKeys.menuTree, queryFn: ({ signal }) => roleApi.menuTree(signal), enabled: role !== null, staleTime: 0 });
  const grants = useQuery({
    queryKey: roleKeys.grants(role?.id ?? 0),
    queryFn: ({ signal }) => roleApi.grants(role!.id, signal),
    enabled: role !== null,
    staleTime: 0,
  });
  const error = tree.error ?? grants.error;
  const ready = tree.data && grants.data && !tree.isFetching && !grants.isFetching;
  return (
    <Drawer
      title={role ? `权限分配：${role.name}` : '权限分配'}
      open={role !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      className="grant-drawer"
      data-testid="grant-drawer"
    >
      <GrantDrawerBody error={error} retry={() => void Promise.all([tree.refetch(), grants.refetch()])}>
        {role && ready ? <GrantEditor key={role.id} role={role} nodes={tree.data} granted={grants.data} onClose={onClose} onSaved={onClose} /> : null}
      </GrantDrawerBody>
    </Drawer>
  );
}
