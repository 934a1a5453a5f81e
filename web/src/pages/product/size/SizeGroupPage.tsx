import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import { OrderedListOutlined, PlusOutlined, ReloadOutlined, StarOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Permissions, ProductMasterMessages } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { toast } from '../../../api/feedback.ts';
import { masterKeys, sizeGroupApi, type SizeGroup } from '../../../api/product-master.ts';
import { nextSort } from '../master-rules.ts';
import '../product-master.css';
import { SizeGroupFormModal, type SizeGroupFormTarget } from './SizeGroupFormModal.tsx';
import { SizeRunDrawer } from './SizeRunDrawer.tsx';

/** 尺码组: each group with its sizes in order; one group is the default for new products; each group's 配码 in a drawer. */
export function SizeGroupPage() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: masterKeys.sizeGroups, queryFn: sizeGroupApi.list });
  const groups = query.data ?? [];
  const [target, setTarget] = useState<SizeGroupFormTarget | null>(null);
  const [runsOf, setRunsOf] = useState<SizeGroup | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: masterKeys.sizeGroups });

  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      toast().success(message);
    } catch {
      // the request client has shown the server's message
    }
    await refresh();
  };

  const actions = (group: SizeGroup) => [
    // 配码 are read with the page; adding and changing them needs product:sizerun:edit (in the drawer)
    <Button key="runs" type="link" size="small" icon={<OrderedListOutlined />} onClick={() => setRunsOf(group)} data-testid={`size-group-runs-${group.code}`}>
      配码
    </Button>,
    <Permission key="edit" code={Permissions.sizeGroupEdit}>
      <Button type="link" size="small" onClick={() => setTarget({ record: group, nextSort: group.sort })} data-testid={`size-group-edit-${group.code}`}>
        编辑
      </Button>
    </Permission>,
    <Permission key="default" code={Permissions.sizeGroupEdit}>
      <Button
        type="link"
        size="small"
        icon={<StarOutlined />}
        disabled={group.isDefault || !group.enabled}
        onClick={() => act(() => sizeGroupApi.setDefault(group.id), ProductMasterMessages.defaultSet)}
        data-testid={`size-group-default-${group.code}`}
      >
        设为默认
      </Button>
    </Permission>,
    <Permission key="delete" code={Permissions.sizeGroupEdit}>
      <Popconfirm
        title={`确定删除尺码组“${group.name}”及其尺码吗？`}
        okText="删除"
        okButtonProps={{ danger: true }}
        disabled={group.isDefault}
        onConfirm={() => act(() => sizeGroupApi.remove(group.id), ProductMasterMessages.deleted)}
      >
        <Button type="link" size="small" danger disabled={group.isDefault} data-testid={`size-group-delete-${group.code}`}>
          删除
        </Button>
      </Popconfirm>
    </Permission>,
  ];

  return (
    <Card
      className="erp-list"
      title="尺码组"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} aria-label="刷新" />
          <Permission code={Permissions.sizeGroupEdit}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ record: null, nextSort: nextSort(groups.map((g) => g.sort)) })} data-testid="size-group-add">
              新增尺码组
            </Button>
          </Permission>
        </Space>
      }
    >
      {query.error ? (
        <Result status="error" title="数据加载失败" subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
      ) : query.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : groups.length === 0 ? (
        <Empty description="暂无尺码组" />
      ) : (
        <div className="erp-size-groups">
          {groups.map((group) => (
            <Card
              key={group.id}
              size="small"
              type="inner"
              title={
                <span>
                  {group.name}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontWeight: 'normal' }}>
                    {group.code}
                  </Typography.Text>
                  {group.isDefault ? <Tag color="gold">默认</Tag> : null}
                  {group.enabled ? null : <Tag>停用</Tag>}
                </span>
              }
              extra={<Typography.Text type="secondary">{group.sizes.length} 个尺码</Typography.Text>}
              actions={actions(group)}
              data-testid={`size-group-${group.code}`}
            >
              <div data-testid={`size-group-sizes-${group.code}`}>
                {group.sizes.map((size) => (
                  <span key={size.id} className="erp-size-chip">
                    {size.name}
                  </span>
                ))}
              </div>
            </Card>
          ))}
        </div>
      )}
      <SizeRunDrawer group={runsOf} onClose={() => setRunsOf(null)} />
      <SizeGroupFormModal
        target={target}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          void refresh();
        }}
      />
    </Card>
  );
}
