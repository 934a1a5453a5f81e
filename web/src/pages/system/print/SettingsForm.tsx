import { Button, Col, Flex, Form, InputNumber, Radio, Row, Typography, type FormRule } from 'antd';
import {
  DEFAULT_PRINT_SETTINGS,
  resetPrintSettings,
  savePrintSettings,
  SETTINGS_FIELDS,
  settingsErrors,
  usesBarcodePreference,
  type PrintSettings,
  type SettingsField,
  type TemplateSettings,
} from '../../../print/print-settings.ts';
import type { PrintKind } from '../../../print/print-types.ts';
import { toast } from '../../../api/feedback.ts';

interface SettingsFormProps {
  kind: PrintKind;
  initial: TemplateSettings;
  /** Every change that passes validation, for the live preview. */
  onDraft: (settings: TemplateSettings) => void;
  onSaved: (all: PrintSettings) => void;
}

/** Cross-field checks need the paper size and the opposite margin. */
const DEPENDENCIES: Partial<Record<SettingsField, SettingsField[]>> = {
  marginRightMm: ['widthMm', 'marginLeftMm'],
  marginBottomMm: ['heightMm', 'marginTopMm'],
};

/** 纸张设置 of one kind: paper size and margins in mm, barcode preference; 保存 and 恢复默认. */
export function SettingsForm({ kind, initial, onDraft, onSaved }: SettingsFormProps) {
  const [form] = Form.useForm<TemplateSettings>();
  const rulesFor = (field: SettingsField): FormRule[] => [
    {
      validator: async (_, value) => {
        const error = settingsErrors({ ...form.getFieldsValue(true), [field]: value })[field];
        if (error) throw new Error(error);
      },
    },
  ];

  const save = async () => {
    try {
      const values = await form.validateFields();
      onSaved(savePrintSettings(kind, { ...initial, ...values }));
      toast().success('打印设置已保存');
    } catch {
      // the form shows what is wrong
    }
  };
  const reset = () => {
    const all = resetPrintSettings(kind);
    form.setFieldsValue(DEFAULT_PRINT_SETTINGS[kind]);
    void form.validateFields();
    onDraft(DEFAULT_PRINT_SETTINGS[kind]);
    onSaved(all);
    toast().success('已恢复默认设置');
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name={`print-settings-${kind}`}
      initialValues={initial}
      onValuesChange={(_, all: TemplateSettings) => {
        if (Object.keys(settingsErrors(all)).length === 0) onDraft({ ...initial, ...all });
      }}
      requiredMark={false}
    >
      <Row gutter={12}>
        {/* no min/max on the inputs: out-of-range values get the message instead of a silent clamp */}
        {SETTINGS_FIELDS.map(({ field, label }) => (
          <Col span={12} key={field}>
            <Form.Item name={field} label={label} rules={rulesFor(field)} dependencies={DEPENDENCIES[field]}>
              <InputNumber precision={0} suffix="mm" style={{ width: '100%' }} data-testid={`print-setting-${field}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {usesBarcodePreference(kind) ? (
        <Form.Item name="barcode" label="条码类型">
          <Radio.Group
            options={[
              { value: 'auto', label: '自动（EAN-13 优先）' },
              { value: 'CODE128', label: '始终 Code 128' },
            ]}
          />
        </Form.Item>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        设置保存在本机浏览器（按工作站），打印时使用已保存的设置。
      </Typography.Paragraph>
      <Flex gap={8}>
        <Button type="primary" onClick={save} data-testid="print-settings-save">
          保存
        </Button>
        <Button onClick={reset} data-testid="print-settings-reset">
          恢复默认
        </Button>
      </Flex>
    </Form>
  );
}
