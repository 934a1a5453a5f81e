import { useCallback, useState } from 'react';
import { Button, Card, Empty, Segmented } from 'antd';
import { ApartmentOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Permissions, type WarehouseRecord } from '@erp/shared';
import { useUserInfo } from '../../../api/queries.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { warehouseApi, warehouseKeys } from '../warehouse-api.ts';
import { WarehouseDetailPanel } from './WarehouseDetailPanel.tsx';
import { WarehouseFormDrawer, type WarehouseFormTarget } from './WarehouseFormDrawer.tsx';
import { WarehouseListView } from './WarehouseListView.tsx';
import { WarehouseTreePanel } from './WarehouseTreePanel.tsx';
import './warehouse-base.css';

type View = 'tree' | 'list';

/**
 * 仓库资料 (warehouse/base): the tree of visible warehouses with the selected one's details and
 * children, or the same warehouses as a flat list. HQ adds, moves, enables and disables warehouses;
 * whoever holds the 编辑 code may edit (outside HQ only the contact and address fields).
 */
export function WarehouseBasePage() {
  const client = useQueryClient();
  const can = usePermission();
  const user = useUserInfo();
  const canEdit = can(Permissions.warehouseEdit);
  const canManage = canEdit && user.data?.scope.kind === 'all';
  const tree = useQuery({ queryKey: warehouseKeys.tree, queryFn: ({ signal }) => warehouseApi.tree(signal) });
  const nodes = tree.data ?? [];
  const [view, setView] = useState<View>('tree');
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState<WarehouseFormTarget | null>(null);
  const selectedId = picked ?? nodes[0]?.id ?? null;

  const showInTree = useCallback((id: number) => {
    setPicked(id);
    setView('tree');
  }, []);
  const editRecord = useCallback((record: WarehouseRecord) => setEditing({ record, parent: null }), []);
  const addTop = useCallback(() => setEditing({ record: null, parent: null }), []);

  const saved = (id: number) => {
    setEditing(null);
    setPicked(id);
    void client.invalidateQueries({ queryKey: warehouseKeys.root });
  };

  const addButton = canManage ? (
    <Button type="primary" size="small" icon={<PlusOutlined />} onClick={addTop} data-testid="warehouse-add">
      新增仓库
    </Button>
  ) : null;

  return (
    <div className="wh-base">
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'tree', label: '树形视图', icon: <ApartmentOutlined /> },
          { value: 'list', label: '列表视图', icon: <UnorderedListOutlined /> },
        ]}
        className="wh-base__views"
        data-testid="warehouse-view"
      />
      {view === 'tree' ? (
        <div className="wh-base__split">
          <aside className="wh-base__tree">
            <WarehouseTreePanel tree={tree.data} error={tree.error} onRetry={() => void tree.refetch()} selectedId={selectedId} onSelect={setPicked} extra={addButton} />
          </aside>
          <section className="wh-base__detail">
            {selectedId !== null ? (
              <WarehouseDetailPanel
                id={selectedId}
                tree={nodes}
                canEdit={canEdit}
                canManage={canManage}
                onSelect={setPicked}
                onAddChild={(parent) => setEditing({ record: null, parent })}
                onEdit={editRecord}
              />
            ) : (
              <Card>
                <Empty description={tree.isPending ? '加载中…' : '暂无可查看的仓库'} />
              </Card>
            )}
          </section>
        </div>
      ) : (
        <WarehouseListView canEdit={canEdit} canManage={canManage} onView={showInTree} onEdit={editRecord} onAdd={addTop} />
      )}
      <WarehouseFormDrawer target={editing} tree={nodes} hq={user.data?.scope.kind === 'all'} onClose={() => setEditing(null)} onSaved={saved} />
    </div>
  );
}
