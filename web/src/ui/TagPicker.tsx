import { useMemo, type KeyboardEvent } from 'react';
import { Empty, Skeleton, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { pickTag, type TagTargetType } from '@erp/shared';
import { useTagGroups } from '../api/use-tag-groups.ts';
import { groupIndex, pickerGroups, selectable } from './tag-picker-rules.ts';
import './tag-picker.css';

export interface TagPickerProps {
  /** the kind of object being tagged: only groups applying to it are offered */
  targetType: TagTargetType;
  /** the chosen tag ids */
  value?: readonly number[];
  onChange?: (tagIds: number[]) => void;
  disabled?: boolean;
  /** testid prefix: `<testId>-<tagId>` per tag */
  testId?: string;
}

/**
 * Tags grouped by tag group; a click toggles a tag, and in a single-choice group a new choice
 * replaces the old one. Switched-off tags still on the object show struck through and can only be
 * removed. Works inside Form.Item (value / onChange); save with PUT tags/of/{type}/{id}.
 */
export function TagPicker({ targetType, value, onChange, disabled = false, testId = 'tag-picker' }: TagPickerProps) {
  const { groups, loading, error } = useTagGroups(targetType);
  const chosen = useMemo(() => value ?? [], [value]);
  const rows = useMemo(() => pickerGroups(groups, targetType, chosen), [groups, targetType, chosen]);
  const groupOf = useMemo(() => groupIndex(groups), [groups]);

  if (loading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (error) return <Typography.Text type="danger">标签加载失败：{error.message}</Typography.Text>;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可用标签" className="erp-tag-picker__empty" />;

  const toggle = (tagId: number) => {
    if (!disabled) onChange?.(pickTag(chosen, tagId, groupOf));
  };
  const onKey = (event: KeyboardEvent, tagId: number) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle(tagId);
    }
  };

  return (
    <div className={`erp-tag-picker${disabled ? ' erp-tag-picker--disabled' : ''}`} data-testid={testId}>
      {rows.map(({ group, tags }) => (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is 'group' or 'radiogroup', both named by aria-label; the rule does not read a conditional role
        <div key={group.id} className="erp-tag-picker__row" role={group.multiple ? 'group' : 'radiogroup'} aria-label={group.name}>
          <div className="erp-tag-picker__label">
            <span>{group.name}</span>
            {group.multiple ? null : <span className="erp-tag-picker__hint">单选</span>}
            {group.enabled ? null : <span className="erp-tag-picker__hint">已停用</span>}
          </div>
          <div className="erp-tag-picker__tags">
            {tags.map((tag) => {
              const checked = chosen.includes(tag.id);
              const off = !selectable(group, tag);
              return (
                <Tag
                  key={tag.id}
                  color={checked && !off ? tag.color : undefined}
                  variant={checked && !off ? 'solid' : 'outlined'}
                  icon={checked ? <CheckOutlined /> : undefined}
                  className={`erp-tag-picker__tag${off ? ' erp-tag-picker__tag--off' : ''}${checked ? ' erp-tag-picker__tag--on' : ''}`}
                  role={group.multiple ? 'checkbox' : 'radio'}
                  aria-checked={checked}
                  aria-disabled={disabled}
                  title={off ? '已停用：可取消，不能再选' : undefined}
                  tabIndex={disabled ? -1 : 0}
                  onClick={() => toggle(tag.id)}
                  onKeyDown={(event) => onKey(event, tag.id)}
                  data-testid={`${testId}-${tag.id}`}
                >
                  {tag.name}
                </Tag>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
