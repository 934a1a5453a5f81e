import { useCallback, useMemo, useState, type Key } from 'react';
import { Button, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { EyeOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, EMPTY_DISPLAY, Permissions, TAG_TARGET_LABELS, TAG_TARGET_TYPES, TagMessages, type TagGroupRecord } from '@erp/shared';
import { tagGroupsRoot } from '../../../api/use-tag-groups.ts';
import { Permission } from '../../../access/Permission.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { GroupFormModal, type GroupFormTarget } from './GroupFormModal.tsx';
import { GroupTagsPanel } from './GroupTagsPanel.tsx';
import { PickerPreviewDrawer } from './PickerPreviewDrawer.tsx';
import { tagApi, tagKeys, type TagGroupFilters } from './tag-api.ts';
import { groupDeleteBlockedReason, nextSortAfter, TARGET_TYPE_COLORS, usageText } from './tag-rules.ts';
import { TagFormModal, type TagFormTarget } from './TagFormModal.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import './tag.css';
import { urlBool, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { actionColumn, dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: TagGroupFilters = {};
const URL_FILTERS: ListUrlFilters<TagGroupFilters> = { keyword: urlText, appliesTo: urlOneOf(TAG_TARGET_TYPES), enabled: urlBool };
const DEFAULT_SORT = { field: 'sort', order: 'asc' } as const;

const SEARCH_FIELDS: ListSearchField[] = [
  { name: 'keyword', label: '关键字', input: <Input allowClear maxLength={32} placeholder="分组名称 / 标签名称" data-testid="tag-keyword" /> },
  {
    name: 'appliesTo',
    label: '适用对象',
    input: <Select allowClear placeholder="全部" options={TAG_TARGET_TYPES.map((type) => ({ value: type, label: TAG_TARGET_LABELS[type] }))} data-testid="tag-applies" />,
  },
  {
    name: 'enabled',
    label: '状态',
    input: (
      <Select
        allowClear
        placeholder="全部"
        options={[
          { value: 'true', label: '启用' },
          { value: 'false', label: '停用' },
        ]}
        data-testid="tag-enabled"
      />
    ),
  },
];

/** 标签: tag groups (what they apply to, single or multiple choice); each row opens its tags. */
export function TagPage() {
  const client = useQueryClient();
  const can = usePermission();
  const [editingGroup, setEditingGroup] = useState<GroupFormTarget | null>(null);
  const [editingTag, setEditingTag] = useState<TagFormTarget | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [previewing, setPreviewing] = useState(false);

  const refresh = useCallback(() => Promise.all([client.invalidateQueries({ queryKey: tagKeys.page }), client.invalidateQueries({ queryKey: tagGroupsRoot })]), [client]);
  const toggleExpanded = useCallback((id: number) => setExpanded((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id])), []);

  const openAdd = async () => {
    let nextSort = 1;
    try {
      nextSort = nextSortAfter(await tagApi.lastBySort());
    } catch {
      // shown by the request client; the form still opens with a plain default
    }
    setEditingGroup({ record: null, nextSort });
  };

  const toggle = useCallback(
    async (group: TagGroupRecord, enabled: boolean) => {
      try {
        await tagApi.updateGroup(group.id, { enabled });
        toast().success(enabled ? '已启用' : '已停用');
      } catch {
        // the request client has shown why
      }
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (group: TagGroupRecord) => {
      try {
        await tagApi.removeGroup(group.id);
        toast().success(TagMessages.deleted);
      } catch {
        // the request client has shown why (e.g. a tag put on an object meanwhile)
      }
      await refresh();
    },
    [refresh],
  );

  const canEdit = can(Permissions.tagEdit);
  // toggle, remove and toggleExpanded only use stable values (the query client, state setters)
  const columns = useMemo<ListColumn<TagGroupRecord>[]>(
    () => [
      { key: 'name', title: '分组名称', dataIndex: 'name', sortable: true, width: 140, render: (name: string) => <span className="erp-tag__static">{name}</span> },
      {
        key: 'appliesTo',
        title: '适用对象',
        dataIndex: 'appliesTo',
        width: 150,
        render: (_, group) => (
          <span className="erp-tag__chips">
            {group.appliesTo.map((type) => (
              <Tag key={type} color={TARGET_TYPE_COLORS[type]} variant="outlined">
                {TAG_TARGET_LABELS[type]}
              </Tag>
            ))}
          </span>
        ),
        exportValue: (group) => group.appliesTo.map((type) => TAG_TARGET_LABELS[type]).join('、'),
      },
      {
        key: 'multiple',
        title: '选择方式',
        dataIndex: 'multiple',
        width: 90,
        render: (multiple: boolean) => (multiple ? '多选' : <Tag color="gold">单选</Tag>),
        exportValue: (group) => (group.multiple ? '多选' : '单选'),
      },
      {
        key: 'tags',
        title: '标签',
        dataIndex: 'tags',
        width: 320,
        render: (_, group) =>
          group.tags.length ? (
            <ActionLink className="erp-tag__chips erp-tag__chips--link" onClick={() => toggleExpanded(group.id)} title="点击管理标签">
              {group.tags.map((tag) => (
                <Tag key={tag.id} color={tag.enabled ? tag.color : undefined} className={tag.enabled ? undefined : 'erp-tag__off'}>
                  {tag.name}
                </Tag>
              ))}
            </ActionLink>
          ) : (
            <span className="erp-tag__muted">暂无标签</span>
          ),
        exportValue: (group) => group.tags.map((tag) => tag.name).join('、'),
      },
      {
        key: 'usage',
        title: '使用情况',
        dataIndex: 'usage',
        width: 120,
        render: (_, group) => usageText(group.usage) || <span className="erp-tag__muted">{EMPTY_DISPLAY}</span>,
        exportValue: (group) => usageText(group.usage) || EMPTY_DISPLAY,
      },
      { key: 'sort', title: '排序', dataIndex: 'sort', sortable: true, width: 80, align: 'right' },
      {
        key: 'enabled',
        title: '状态',
        dataIndex: 'enabled',
        width: 90,
        render: (_, group) =>
          canEdit ? (
            <Switch
              size="small"
              checked={group.enabled}
              checkedChildren="启用"
              unCheckedChildren="停用"
              onChange={(checked) => toggle(group, checked)}
              data-testid={`tag-group-status-${group.id}`}
            />
          ) : (
            <Tag color={group.enabled ? 'green' : 'default'}>{group.enabled ? '启用' : '停用'}</Tag>
          ),
        exportValue: (group) => (group.enabled ? '启用' : '停用'),
      },
      { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: { showTitle: true }, render: displayOrEmpty, defaultHidden: true },
      dateTimeColumn('updatedAt', '更新时间', { defaultHidden: true }),
      actionColumn(176, (group) => {
        const blocked = groupDeleteBlockedReason(group);
        return (
          <Space size={0}>
            <Button type="link" size="small" icon={<TagsOutlined />} onClick={() => toggleExpanded(group.id)} data-testid={`tag-group-tags-${group.id}`}>
              标签
            </Button>
            <Permission code={Permissions.tagEdit}>
              <Button type="link" size="small" onClick={() => setEditingGroup({ record: group, nextSort: group.sort })} data-testid={`tag-group-edit-${group.id}`}>
                编辑
              </Button>
            </Permission>
            <Permission code={Permissions.tagDelete}>
              {blocked ? (
                <Tooltip title={blocked}>
                  <Button type="link" size="small" danger disabled data-testid={`tag-group-delete-${group.id}`}>
                    删除
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={`删除标签分组“${group.name}”？`}
                  description={group.tags.length ? `其 ${group.tags.length} 个标签将一并删除，且不可恢复` : '删除后不可恢复'}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(group)}
                  placement="topRight"
                >
                  <Button type="link" size="small" danger data-testid={`tag-group-delete-${group.id}`}>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Permission>
          </Space>
        );
      }),
    ],
    [canEdit, toggle, remove, toggleExpanded],
  );

  return (
    <>
      <ListPage<TagGroupRecord, TagGroupFilters>
        listId="system-tag-groups"
        title="标签分组"
        testId="tag"
        queryKey={tagKeys.page}
        fetchPage={tagApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={SEARCH_FIELDS}
        defaultSort={DEFAULT_SORT}
        toolbar={[
          { key: 'add', label: '新增分组', type: 'primary', icon: <PlusOutlined />, permission: Permissions.tagAdd, onClick: openAdd, testId: 'tag-group-add' },
          { key: 'preview', label: '选择器预览', icon: <EyeOutlined />, onClick: () => setPreviewing(true), testId: 'tag-picker-preview-open' },
        ]}
        tableProps={{
          scroll: { x: 1120 },
          expandable: {
            expandedRowKeys: expanded,
            onExpandedRowsChange: setExpanded,
            expandedRowRender: (group) => <GroupTagsPanel group={group} onEdit={setEditingTag} onChanged={refresh} />,
          },
        }}
      />
      <GroupFormModal
        target={editingGroup}
        onClose={() => setEditingGroup(null)}
        onSaved={() => {
          setEditingGroup(null);
          void refresh();
        }}
      />
      <PickerPreviewDrawer open={previewing} onClose={() => setPreviewing(false)} />
      <TagFormModal
        target={editingTag}
        onClose={() => setEditingTag(null)}
        onSaved={() => {
          setEditingTag(null);
          void refresh();
        }}
      />
    </>
  );
}
