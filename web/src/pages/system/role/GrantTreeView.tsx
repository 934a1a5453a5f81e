import type { Key, ReactNode } from 'react';
import { Button, Result, Space, Spin, Tag, Tree, Typography } from 'antd';
import { MENU_TYPE_LABELS } from '@erp/shared';
import type { GrantNode } from './grant-tree.ts';

// The pieces 权限分配 (roles) and 子账号 (the caller's own grants) share: the checkable tree,
// the loading body and the 取消 / 保存 footer.

const KIND_COLORS: Record<GrantNode['kind'], string> = { dir: 'blue', menu: 'green', button: 'orange', link: 'purple', view: 'default' };

function NodeTitle({ node, detailed }: { node: GrantNode; detailed: boolean }) {
  return (
    <span className="grant-tree__title">
      <span>{node.title}</span>
      <Tag color={KIND_COLORS[node.kind]} className="grant-tree__tag">
        {node.kind === 'view' ? '页面' : MENU_TYPE_LABELS[node.kind]}
      </Tag>
      {detailed && node.permission ? (
        <Typography.Text type="secondary" className="grant-tree__code">
          {node.permission}
        </Typography.Text>
      ) : null}
      {detailed && !node.enabled ? <Tag className="grant-tree__tag">停用</Tag> : null}
      {detailed && node.hidden ? <Tag className="grant-tree__tag">隐藏</Tag> : null}
    </span>
  );
}

interface GrantTreeViewProps {
  tree: GrantNode[];
  checked: string[];
  expanded: Key[];
  onExpand: (keys: Key[]) => void;
  /** antd's checked keys after a click, and the clicked node */
  onCheck: (keys: string[], clicked: { key: string; checked: boolean }) => void;
  /** also each node's permission code and its 停用 / 隐藏 marks */
  detailed?: boolean;
  className: string;
  testId: string;
}

export function GrantTreeView({ tree, checked, expanded, onExpand, onCheck, detailed = false, className, testId }: GrantTreeViewProps) {
  return (
    <div className={className} data-testid={testId}>
      <Tree<GrantNode>
        checkable
        selectable={false}
        blockNode
        treeData={tree}
        checkedKeys={checked}
        expandedKeys={expanded}
        onExpand={(keys) => onExpand(keys)}
        onCheck={(next, info) => onCheck((Array.isArray(next) ? next : next.checked).map(String), { key: String(info.node.key), checked: info.checked })}
        titleRender={(node) => <NodeTitle node={node} detailed={detailed} />}
      />
    </div>
  );
}

interface GrantDrawerBodyProps {
  error: Error | null;
  retry: () => void;
  /** the editor, once everything it needs is loaded; null shows a spinner */
  children: ReactNode;
}

export function GrantDrawerBody({ error, retry, children }: GrantDrawerBodyProps) {
  if (error) return <Result status="error" title="数据加载失败" subTitle={error.message} extra={<Button onClick={retry}>重试</Button>} />;
  return (
    children ?? (
      <div className="grant-drawer__loading">
        <Spin />
      </div>
    )
  );
}

interface GrantFooterProps {
  hint?: ReactNode;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
  saveTestId: string;
}

export function GrantFooter({ hint, saving, onCancel, onSave, saveTestId }: GrantFooterProps) {
  return (
    <div className="grant-editor__footer">
      {hint ? (
        <Typography.Text type="secondary" className="grant-editor__hint">
          {hint}
        </Typography.Text>
      ) : (
        <span />
      )}
      <Space>
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
          保存
        </Button>
      </Space>
    </div>
  );
}
