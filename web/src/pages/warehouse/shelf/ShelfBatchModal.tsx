import { useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Tag, Typography } from 'antd';
import { SHELF_BATCH_MAX, SHELF_BATCH_NUMBER_MAX } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { shelfApi } from '../warehouse-api.ts';
import { batchPreview, shelfBatchInputOf, type ShelfBatchFormValues } from './shelf-rules.ts';

const FORM_ID = 'shelf-batch-form';
const INITIAL: ShelfBatchFormValues = { prefix: '', rowFrom: 1, rowTo: null, levelFrom: null, levelTo: null };

interface ShelfBatchModalProps {
  warehouse: { id: number; name: string } | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const numberInput = (testId: string, placeholder?: string) => (
  <InputNumber min={1} max={SHELF_BATCH_NUMBER_MAX} precision={0} placeholder={placeholder} style={{ width: '100%' }} data-testid={testId} />
);

/** 批量新增货架: prefix, rows and (optional) levels, with the codes previewed before saving. */
export function ShelfBatchModal({ warehouse, open, onClose, onSaved }: ShelfBatchModalProps) {
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // the Form's own instance (one per opening); its values mirrored here for the preview and the button
  const [values, setValues] = useState<ShelfBatchFormValues>(INITIAL);
  const preview = batchPreview(values);

  const submit = async (current: ShelfBatchFormValues) => {
    if (!warehouse) return;
    // the preview shows why; nothing goes out until it is clean
    if (batchPreview(current).kind !== 'codes') return;
    setSaving(true);
    setRefusal(null);
    try {
      const result = await shelfApi.batch(warehouse.id, shelfBatchInputOf(current));
      toast().success(`已新增${result.count}个货架`);
      onSaved();
    } catch (error) {
      // e.g. codes already there: kept in the dialog beside the input
      if (error instanceof ApiError) setRefusal(error.msg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`批量新增货架 · ${warehouse?.name ?? ''}`}
      open={open}
      onCancel={onClose}
      okText={preview.kind === 'codes' ? `生成 ${preview.count} 个货架` : '生成货架'}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, disabled: preview.kind !== 'codes' }}
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => {
        setRefusal(null);
        setValues(INITIAL);
      }}
      width={640}
      data-testid="shelf-batch-dialog"
    >
      {open ? (
        <Form<ShelfBatchFormValues>
          id={FORM_ID}
          name="shelfBatchForm"
          layout="vertical"
          initialValues={INITIAL}
          onFinish={submit}
          onValuesChange={(_, all) => {
            setValues(all);
            setRefusal(null);
          }}
          preserve={false}
          autoComplete="off"
          style={{ marginTop: 16 }}
        >
          <Typography.Paragraph type="secondary" className="shelf-batch__hint">
            编码规则：前缀-排号-层号，如前缀 A、第 1–3 排、第 1–4 层生成 A-01-01 … A-03-04；不分层时层号留空（A-01 … A-03）。一次最多 {SHELF_BATCH_MAX} 个。
          </Typography.Paragraph>
          <Row gutter={12}>
            <Col span={6}>
              <Form.Item name="prefix" label="编码前缀" required>
                <Input maxLength={16} placeholder="如 A" data-testid="shelf-batch-prefix" />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item label="排号" required style={{ marginBottom: 0 }}>
                <Row gutter={6} wrap={false} align="middle">
                  <Col flex="1">
                    <Form.Item name="rowFrom">{numberInput('shelf-batch-row-from', '起')}</Form.Item>
                  </Col>
                  <Col className="shelf-batch__dash">–</Col>
                  <Col flex="1">
                    <Form.Item name="rowTo">{numberInput('shelf-batch-row-to', '止')}</Form.Item>
                  </Col>
                </Row>
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item label="层号（可不填）" style={{ marginBottom: 0 }}>
                <Row gutter={6} wrap={false} align="middle">
                  <Col flex="1">
                    <Form.Item name="levelFrom">{numberInput('shelf-batch-level-from', '起')}</Form.Item>
                  </Col>
                  <Col className="shelf-batch__dash">–</Col>
                  <Col flex="1">
                    <Form.Item name="levelTo">{numberInput('shelf-batch-level-to', '止')}</Form.Item>
                  </Col>
                </Row>
              </Form.Item>
            </Col>
          </Row>
          <div className="shelf-batch__preview" data-testid="shelf-batch-preview">
            {preview.kind === 'empty' ? (
              <Typography.Text type="secondary">填写前缀和排号后，这里预览将生成的货架编码</Typography.Text>
            ) : preview.kind === 'problem' ? (
              <Alert type="warning" showIcon title={preview.problem} />
            ) : (
              <>
                <div className="shelf-batch__count">
                  将生成 <b>{preview.count}</b> 个货架：
                </div>
                <div className="shelf-batch__codes">
                  {preview.shown.map((code) => (
                    <Tag key={code}>{code}</Tag>
                  ))}
                  {preview.last ? (
                    <>
                      <span className="shelf-batch__more">…</span>
                      <Tag>{preview.last}</Tag>
                    </>
                  ) : null}
                </div>
              </>
            )}
          </div>
          {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} data-testid="shelf-batch-refusal" /> : null}
        </Form>
      ) : null}
    </Modal>
  );
}
