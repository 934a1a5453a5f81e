import { ColorPicker, Form, Input, InputNumber, Space, Switch } from 'antd';
import { HEX_PATTERN, MASTER_CODE_MAX, MASTER_NAME_MAX, MASTER_SORT_MAX, ProductMasterMessages } from '@erp/shared';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { colourApi, type Colour, type ColourInput } from '../../../api/product-master.ts';
import { masterFormRules } from '../master-rules.ts';

export interface ColourFormTarget {
  /** null: a new colour */
  record: Colour | null;
  nextSort: number;
}

interface ColourFormModalProps {
  target: ColourFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const initialOf = (target: ColourFormTarget): ColourInput =>
  target.record
    ? { code: target.record.code, name: target.record.name, hex: target.record.hex, sort: target.record.sort, enabled: target.record.enabled }
    : { code: '', name: '', hex: '', sort: target.nextSort, enabled: true };

/** The hex field: a picker beside the text, both editing the same #RRGGBB value. */
function HexInput({ value, onChange }: { value?: string; onChange?: (hex: string) => void }) {
  return (
    <Space.Compact>
      <ColorPicker
        value={value && HEX_PATTERN.test(value) ? value : undefined}
        disabledAlpha
        format="hex"
        onChangeComplete={(colour) => onChange?.(colour.toHexString().toUpperCase())}
        data-testid="colour-form-picker"
      />
      <Input value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={7} placeholder="#RRGGBB，可留空" style={{ width: 160 }} data-testid="colour-form-hex" />
    </Space.Compact>
  );
}

/** 新增颜色 / 编辑颜色. */
export function ColourFormModal({ target, onClose, onSaved }: ColourFormModalProps) {
  const record = target?.record ?? null;

  const save = async (values: ColourInput) => {
    const input = { ...values, code: values.code.trim(), name: values.name.trim(), hex: (values.hex ?? '').trim().toUpperCase() };
    if (record) await colourApi.update(record.id, input);
    else await colourApi.create(input);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? '编辑颜色' : '新增颜色'}
      width={520}
      testId="colour-form-dialog"
      formName="colourForm"
      initialValues={target && initialOf(target)}
      onSubmit={save}
      savedMessage={record ? ProductMasterMessages.updated : ProductMasterMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="code" label="颜色编码" required rules={masterFormRules.code} extra="印在 SKU 编码中，如 BK">
        <Input maxLength={MASTER_CODE_MAX} placeholder="如 BK" data-testid="colour-form-code" />
      </Form.Item>
      <Form.Item name="name" label="颜色名称" required rules={masterFormRules.name}>
        <Input maxLength={MASTER_NAME_MAX} placeholder="如 黑色" data-testid="colour-form-name" />
      </Form.Item>
      <Form.Item name="hex" label="色值" rules={masterFormRules.hex}>
        <HexInput />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={masterFormRules.sort} extra="数字越小越靠前">
        <InputNumber min={0} max={MASTER_SORT_MAX} precision={0} style={{ width: 160 }} data-testid="colour-form-sort" />
      </Form.Item>
      <Form.Item name="enabled" label="状态" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" data-testid="colour-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
