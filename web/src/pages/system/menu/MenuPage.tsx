import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Card, Empty, Input, Popconfirm, Result, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPTY_DISPLAY, MENU_TYPE_LABELS, MenuMessages, Permissions, type MenuKind, type MenuTreeNode } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { MenuIcon } from '../../../ui/menu-icons.tsx';
import '../../../ui/list-page/list-page.css';
import { menuAdminApi, menuAdminKeys, reloadOwnRoutes } from './menu-api.ts';
import { MenuFormModal, type MenuEditing } from './MenuFormModal.tsx';
import { expandableIds, filterTree, formOf, locate, moveAmongSiblings, newChildForm } from './menu-rows.ts';
import './menu-page.css';

const TYPE_COLORS: Record<MenuKind, string> = { dir: 'blue', menu: 'green', button: 'orange', link: 'purple' };

/** antd shows an expander for any `children` array, so leaves get none. */
type Row = Omit<MenuTreeNode, 'children'> & { children?: Row[] };
const toRows = (nodes: readonly MenuTreeNode[]): Row[] => nodes.map(({ children, ...node }) => (children.length ? { ...node, children: toRows(children) } : node));

const code = (text: string) =>
  text ? (
    <Typography.Text code className="menu-page__code">
      {text}
    </Typography.Text>
  ) : (
    EMPTY_DISPLAY
  );

/** 菜单管理: the whole menu tree (directories, pages, buttons, links) with add, edit, delete and sort. */
export function MenuPage() {
  const client = useQueryClient();
  const can = usePermission();
  const tree = useQuery({ queryKey: menuAdminKeys.tree, queryFn: ({ signal }) => menuAdminApi.tree(signal) });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [moving, setMoving] = useState(false);

  const shown = useMemo(() => toRows(filterTree(nodes, keyword)), [nodes, keyword]);
  // first level open by default; a search opens everything it found
  const expandedKeys = keyword.trim() ? expandableIds(filterTree(nodes, keyword)) : (expanded ?? nodes.map((n) => n.id));

  const { refetch } = tree;
  const afterChange = useCallback(async () => {
    await Promise.all([refetch(), reloadOwnRoutes(client)]);
  }, [refetch, client]);

  const remove = useCallback(
    async (node: Row) => {
      try {
        await menuAdminApi.remove(node.id);
        toast().success(MenuMessages.deleted);
      } catch {
        // the request client has shown why (e.g. it still has children)
      }
      await afterChange();
    },
    [afterChange],
  );

  const move = useCallback(
    async (node: Row, direction: -1 | 1) => {
      const found = locate(nodes, node.id);
      const items = found ? moveAmongSiblings(found.siblings, node.id, direction) : [];
      if (!items.length) return;
      setMoving(true);
      try {
        await menuAdminApi.sort(items);
        toast().success(MenuMessages.sorted);
      } catch {
        // shown by the request client
      } finally {
        setMoving(false);
      }
      await afterChange();
    },
    [nodes, afterChange],
  );

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const canEdit = can(Permissions.menuEdit);
    const canAdd = can(Permissions.menuAdd);
    const canDelete = can(Permissions.menuDelete);
    const position = (node: Row) => {
      const siblings = locate(nodes, node.id)?.siblings ?? [];
      const index = siblings.findIndex((s) => s.id === node.id);
      return { first: index <= 0, last: index === siblings.length - 1 };
    };
    const withActions = canAdd || canEdit || canDelete;
    const all: TableColumnsType<Row> = [
      {
        key: 'title',
        title: '菜单标题',
        width: 230,
        fixed: 'left',
        render: (_, node) => (
          <Tooltip title={node.name} placement="topLeft" mouseEnterDelay={0.6}>
            <span className={`menu-page__title${node.enabled ? '' : ' menu-page__title--off'}`}>
              {node.type !== 'button' ? <MenuIcon name={node.icon} /> : null}
              <span>{node.title}</span>
            </span>
          </Tooltip>
        ),
      },
      { key: 'type', title: '类型', width: 64, render: (_, node) => <Tag color={TYPE_COLORS[node.type]}>{MENU_TYPE_LABELS[node.type]}</Tag> },
      { key: 'path', title: '路由地址 / 外链', dataIndex: 'path', ellipsis: { showTitle: true }, render: (path: string) => path || EMPTY_DISPLAY },
      { key: 'component', title: '组件路径', dataIndex: 'component', ellipsis: { showTitle: true }, render: (text: string) => text || EMPTY_DISPLAY },
      { key: 'permission', title: '权限标识', dataIndex: 'permission', width: 200, ellipsis: { showTitle: true }, render: code },
      {
        key: 'sort',
        title: '排序',
        width: canEdit ? 108 : 64,
        render: (_, node) => {
          if (!canEdit) return node.sort;
          const { first, last } = position(node);
          return (
            <Space size={2} className="menu-page__sort">
              <span className="menu-page__sort-value">{node.sort}</span>
              <Tooltip title="上移">
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={first || moving || !!keyword.trim()}
                  onClick={() => move(node, -1)}
                  aria-label="上移"
                  data-testid={`menu-up-${node.name}`}
                />
              </Tooltip>
              <Tooltip title="下移">
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={last || moving || !!keyword.trim()}
                  onClick={() => move(node, 1)}
                  aria-label="下移"
                  data-testid={`menu-down-${node.name}`}
                />
              </Tooltip>
            </Space>
          );
        },
      },
      {
        key: 'state',
        title: '状态',
        width: 150,
        render: (_, node) => (
          <Space size={4} className="menu-page__state">
            <Badge status={node.enabled ? 'success' : 'default'} text={node.enabled ? '启用' : '停用'} />
            {node.hidden ? <Tag>隐藏</Tag> : null}
            {node.type === 'menu' && node.keepAlive ? <Tag color="cyan">缓存</Tag> : null}
          </Space>
        ),
      },
      {
        key: 'actions',
        title: '操作',
        width: 168,
        fixed: 'right',
        render: (_, node) => (
          <Space size={0}>
            {canAdd && (node.type === 'dir' || node.type === 'menu') ? (
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ id: null, initial: newChildForm(locate(nodes, node.id)!.node, nodes) })}
                data-testid={`menu-add-child-${node.name}`}
              >
                {node.type === 'menu' ? '新增按钮' : '新增下级'}
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="link" size="small" onClick={() => setEditing({ id: node.id, initial: formOf(locate(nodes, node.id)!.node) })} data-testid={`menu-edit-${node.name}`}>
                编辑
              </Button>
            ) : null}
            {canDelete ? (
              <Popconfirm
                title={`确认删除「${node.title}」？`}
                description="已分配给角色的该项权限会一并收回"
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(node)}
                placement="topRight"
              >
                <Button type="link" size="small" danger data-testid={`menu-delete-${node.name}`}>
                  删除
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ),
      },
    ];
    return withActions ? all : all.filter((column) => column.key !== 'actions');
  }, [can, nodes, moving, keyword, move, remove]);

  const emptyText = tree.isPending ? (
    <div className="erp-list__pending" />
  ) : tree.error ? (
    <Result status="error" title="数据加载失败" subTitle={tree.error.message} extra={<Button onClick={() => void tree.refetch()}>重试</Button>} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有匹配的菜单' : '暂无菜单'} />
  );

  return (
    <div className="erp-list menu-page">
      <Card className="erp-list__main">
        <div className="erp-list__toolbar">
          <Space wrap className="erp-list__toolbar-left">
            <span className="erp-list__title">菜单管理</span>
            {can(Permissions.menuAdd) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, initial: newChildForm(null, nodes) })} data-testid="menu-add-root">
                新增目录
              </Button>
            ) : null}
            <Button onClick={() => setExpanded(expandableIds(nodes))} data-testid="menu-expand-all">
              展开全部
            </Button>
            <Button onClick={() => setExpanded([])}>折叠全部</Button>
            <Typography.Text type="secondary" className="menu-page__hint">
              保存后，各用户在下次加载路由（刷新或重新登录）时看到变化
            </Typography.Text>
          </Space>
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="标题 / 名称 / 地址 / 权限标识"
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              style={{ width: 240 }}
              data-testid="menu-search"
            />
            <Tooltip title="刷新">
              <Button icon={<ReloadOutlined />} onClick={() => void tree.refetch()} aria-label="刷新" data-testid="list-refresh" />
            </Tooltip>
          </Space>
        </div>
        <Table<Row>
          size="middle"
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={tree.isFetching}
          pagination={false}
          scroll={{ x: 1180 }}
          locale={{ emptyText }}
          expandable={{
            expandedRowKeys: expandedKeys,
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
            indentSize: 20,
          }}
          rowClassName={(node) => (node.enabled ? '' : 'menu-page__row--off')}
        />
      </Card>
      <MenuFormModal
        editing={editing}
        tree={nodes}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void afterChange();
        }}
      />
    </div>
  );
}
