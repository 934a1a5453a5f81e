import { Button, Popconfirm, Space, Switch, Table, Tag, type TableColumnType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { EMPTY_DISPLAY, Permissions, TAG_COLOR_LABELS, TagMessages, type TagGroupRecord, type TagRecord } from '@erp/shared';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { tagApi } from './tag-api.ts';
import { nextSortAfter, tagDeleteConfirm, usageText } from './tag-rules.ts';
import type { TagFormTarget } from './TagFormModal.tsx';

interface GroupTagsPanelProps {
  group: TagGroupRecord;
  onEdit: (target: TagFormTarget) => void;
  /** refetch after a change (or a refused one: the list may be stale) */
  onChanged: () => Promise<unknown>;
}

/** One group's tags inside its expanded row: add, edit, switch on and off, delete. */
export function GroupTagsPanel({ group, onEdit, onChanged }: GroupTagsPanelProps) {
  const can = usePermission();
  const canEdit = can(Permissions.tagEdit);

  const toggle = async (tag: TagRecord, enabled: boolean) => {
    try {
      await tagApi.updateTag(tag.id, { enabled });
      toast().success(enabled ? '已启用' : '已停用');
    } catch {
      // the request client has shown why
    }
    await onChanged();
  };

  const remove = async (tag: TagRecord, confirm: boolean) => {
    try {
      const { detached } = await tagApi.removeTag(tag.id, confirm);
      toast().success(detached > 0 ? `删除成功，已解除 ${detached} 个关联` : TagMessages.deleted);
    } catch {
      // the request client has shown why (e.g. put on an object meanwhile)
    }
    await onChanged();
  };

  const columns: TableColumnType<TagRecord>[] = [
    {
      key: 'name',
      title: '标签',
      dataIndex: 'name',
      width: 180,
      render: (_, tag) => (
        <Tag color={tag.enabled ? tag.color : undefined} className={tag.enabled ? undefined : 'erp-tag__off'}>
          {tag.name}
        </Tag>
      ),
    },
    { key: 'color', title: '颜色', dataIndex: 'color', width: 90, render: (_, tag) => TAG_COLOR_LABELS[tag.color] ?? tag.color },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      width: 90,
      render: (_, tag) =>
        canEdit ? (
          <Switch
            size="small"
            checked={tag.enabled}
            checkedChildren="启用"
            unCheckedChildren="停用"
            onChange={(checked) => toggle(tag, checked)}
            data-testid={`tag-status-${tag.id}`}
          />
        ) : (
          <Tag color={tag.enabled ? 'green' : 'default'}>{tag.enabled ? '启用' : '停用'}</Tag>
        ),
    },
    {
      key: 'usage',
      title: '使用情况',
      dataIndex: 'usage',
      width: 140,
      render: (_, tag) => usageText(tag.usage) || <span className="erp-tag__muted">{EMPTY_DISPLAY}</span>,
    },
    { key: 'updatedAt', title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatDateTime },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_, tag) => {
        const confirm = tagDeleteConfirm(tag);
        return (
          <Space size={0}>
            <Permission code={Permissions.tagEdit}>
              <Button type="link" size="small" onClick={() => onEdit({ group, record: tag, nextSort: tag.sort })} data-testid={`tag-edit-${tag.id}`}>
                编辑
              </Button>
            </Permission>
            <Permission code={Permissions.tagDelete}>
              <Popconfirm
                title={confirm.title}
                description={confirm.description}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(tag, confirm.confirm)}
                placement="topRight"
              >
                <Button type="link" size="small" danger data-testid={`tag-delete-${tag.id}`}>
                  删除
                </Button>
              </Popconfirm>
            </Permission>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="erp-tag__panel" data-testid={`tag-panel-${group.id}`}>
      <div className="erp-tag__panel-head">
        <span>
          <span className="erp-tag__static">{group.name}</span>
          <span className="erp-tag__muted">
            {' '}
            · {group.tags.length} 个标签{group.multiple ? '' : '，单选'}
          </span>
        </span>
        <Permission code={Permissions.tagAdd}>
          <Button
            size="small"
            type="primary"
            ghost
            icon={<PlusOutlined />}
            onClick={() => onEdit({ group, record: null, nextSort: nextSortAfter(group.tags) })}
            data-testid={`tag-add-${group.id}`}
          >
            新增标签
          </Button>
        </Permission>
      </div>
      <Table<TagRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={group.tags}
        pagination={false}
        locale={{ emptyText: '该分组还没有标签' }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
