import { Form, Input, InputNumber, Switch, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { TAG_COLOR_LABELS, TAG_COLORS, TAG_NAME_MAX, TAG_SORT_MAX, TagMessages, type TagColor, type TagGroupRecord, type TagRecord } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { tagApi } from './tag-api.ts';
import { tagFormInitial, tagFormRules, toTagInput, type TagFormValues } from './tag-rules.ts';

export interface TagFormTarget {
  group: TagGroupRecord;
  /** null: a new tag */
  record: TagRecord | null;
  nextSort: number;
}

interface TagFormModalProps {
  /** null closes the dialog */
  target: TagFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The preset colours as swatches (a radio group: arrows move, space picks). */
function ColorSwatches({ value, onChange }: { value?: TagColor; onChange?: (color: TagColor) => void }) {
  return (
    <div className="erp-tag__swatches" role="radiogroup" aria-label="标签颜色" data-testid="tag-form-color">
      {TAG_COLORS.map((color, position) => {
        const checked = value === color;
        return (
          <Tag
            key={color}
            color={color}
            variant={checked ? 'solid' : 'filled'}
            icon={checked ? <CheckOutlined /> : undefined}
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (!value && color === TAG_COLORS[0]) ? 0 : -1}
            className="erp-tag__swatch"
            onClick={() => onChange?.(color)}
            onKeyDown={(event) => {
              const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
              if (event.key === ' ' || event.key === 'Enter') {
                event.preventDefault();
                onChange?.(color);
              } else if (step) {
                event.preventDefault();
                const index = (position + step + TAG_COLORS.length) % TAG_COLORS.length;
                onChange?.(TAG_COLORS[index]!);
                (event.currentTarget.parentElement?.children[index] as HTMLElement | undefined)?.focus();
              }
            }}
            data-testid={`tag-color-${color}`}
          >
            {TAG_COLOR_LABELS[color]}
          </Tag>
        );
      })}
    </div>
  );
}

/** The tag as it will look, following the name and colour being typed. */
function TagPreview() {
  const name = Form.useWatch<string | undefined>('name');
  const color = Form.useWatch<TagColor | undefined>('color');
  return (
    <Tag color={color} data-testid="tag-form-preview">
      {name?.trim() || '标签'}
    </Tag>
  );
}

/** 新增标签 / 编辑标签 within one group. */
export function TagFormModal({ target, onClose, onSaved }: TagFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: TagFormValues) => {
    if (!target) return;
    const input = toTagInput(target.group.id, values);
    if (record) await tagApi.updateTag(record.id, { name: input.name, color: input.color, sort: input.sort, enabled: input.enabled, noReturn: input.noReturn });
    else await tagApi.createTag(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑标签' : '新增标签'}
      width={560}
      testId="tag-form-dialog"
      formName="tagForm"
      initialValues={target && tagFormInitial(record, target.nextSort)}
      // basis 0: the colour swatches wrap inside the column instead of pushing it below the label
      wrapperCol={{ flex: '1 1 0' }}
      onSubmit={save}
      savedMessage={record ? TagMessages.updated : TagMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item label="所属分组">
        <span className="erp-tag__static">{target?.group.name}</span>
        <span className="erp-tag__muted">（{target?.group.multiple ? '多选' : '单选'}）</span>
      </Form.Item>
      <Form.Item name="name" label="标签名称" required rules={tagFormRules.name}>
        <Input maxLength={TAG_NAME_MAX} placeholder="如 通勤" data-testid="tag-form-name" />
      </Form.Item>
      <Form.Item name="color" label="颜色" required>
        <ColorSwatches />
      </Form.Item>
      <Form.Item label="预览">
        <TagPreview />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={tagFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={TAG_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="tag-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked" extra="停用后不能再选用，已打上的保留">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="tag-form-enabled" />
      </Form.Item>
      {target?.group.appliesTo.includes('product') ? (
        <Form.Item name="noReturn" label="不可退换" valuePropName="checked" extra="打上该标签的款式，门店不能申请退货或换货">
          <Switch checkedChildren="是" unCheckedChildren="否" data-testid="tag-form-no-return" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
