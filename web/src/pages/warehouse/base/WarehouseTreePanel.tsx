import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Card, Empty, Input, Result, Skeleton, Tag, Tree, type TreeDataNode } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { WAREHOUSE_TYPE_LABELS, type WarehouseTreeNode } from '@erp/shared';
import { expandableIds, filterTree, WAREHOUSE_TYPE_COLORS } from './warehouse-rules.ts';

interface WarehouseTreePanelProps {
  tree: readonly WarehouseTreeNode[] | undefined;
  error: Error | null;
  onRetry: () => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** e.g. 新增仓库 */
  extra?: ReactNode;
}

function toTreeData(nodes: readonly WarehouseTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <span className={node.enabled ? 'wh-tree__node' : 'wh-tree__node wh-tree__node--off'} data-testid={`warehouse-node-${node.code}`}>
        <Tag color={node.enabled ? WAREHOUSE_TYPE_COLORS[node.type] : undefined} className="wh-tree__type">
          {WAREHOUSE_TYPE_LABELS[node.type]}
        </Tag>
        <span className="wh-tree__name">{node.name}</span>
        <span className="wh-tree__code">{node.code}</span>
        {node.enabled ? null : <span className="wh-tree__off">停用</span>}
      </span>
    ),
    children: node.children.length ? toTreeData(node.children) : undefined,
  }));
}

/** The warehouse tree: type tags, disabled ones greyed, search by code or name. */
export function WarehouseTreePanel({ tree, error, onRetry, selectedId, onSelect, extra }: WarehouseTreePanelProps) {
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<readonly number[]>([]);
  const shown = useMemo(() => filterTree(tree ?? [], keyword), [tree, keyword]);
  const data = useMemo(() => toTreeData(shown), [shown]);
  // everything open but what the user folded; a search opens all it found
  const expandedKeys = keyword.trim() ? expandableIds(shown) : expandableIds(shown).filter((id) => !collapsed.includes(id));

  const onExpand = (keys: Key[]) => {
    if (keyword.trim()) return;
    const open = new Set(keys.map(Number));
    setCollapsed(expandableIds(shown).filter((id) => !open.has(id)));
  };

  let body: ReactNode;
  if (error && !tree) {
    body = <Result status="error" title="仓库加载失败" subTitle={error.message} extra={<Button onClick={onRetry}>重试</Button>} />;
  } else if (!tree) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (!shown.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword.trim() ? '没有匹配的仓库' : '暂无仓库'} />;
  } else {
    body = (
      <Tree
        blockNode
        showLine
        treeData={data}
        expandedKeys={expandedKeys}
        onExpand={onExpand}
        selectedKeys={selectedId === null ? [] : [selectedId]}
        onSelect={(keys) => {
          if (keys.length) onSelect(Number(keys[0]));
        }}
        className="wh-tree"
        data-testid="warehouse-tree"
      />
    );
  }

  return (
    <Card title="仓库" extra={extra} className="wh-base__tree-card">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="搜索编码 / 名称"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        maxLength={60}
        className="wh-tree__search"
        data-testid="warehouse-tree-search"
      />
      {body}
    </Card>
  );
}
