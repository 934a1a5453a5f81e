import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { STOCK_DOC_KIND_LABELS, STOCK_DOC_REMARK_MAX } from '@erp/shared';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { SaveBlockedHint } from '../../../ui/quantity/QuantityInput.tsx';
import { docPath } from './doc-hooks.ts';
import type { DocDraft } from './use-doc-draft.ts';
import '../../../ui/document/stock-docs.css';

export interface DocDraftFormProps<V> {
  draft: DocDraft<V>;
  /** the page's test id; the 备注 input is `${testId}-remark` */
  testId: string;
  /** the header's own fields (Cols); 备注 follows them */
  fields: ReactNode;
  /** the lines: cards below the header */
  children?: ReactNode;
  /** under the header fields, inside the header card */
  headerNote?: ReactNode;
  initialValues?: Partial<V>;
  onValuesChange?: (changed: Partial<V>) => void;
  /** 新增 (or 新建) in the title of a new document */
  addVerb?: string;
  /** how the "only drafts" warning names the document */
  noun?: string;
  /** the second button (default 保存并提交) */
  actionLabel?: string;
  actionTestId?: string;
  /** what the second button's action does, asked before it runs (null: run at once) */
  confirmAction?: (values: V) => string | null;
  /** a bad quantity in the lines (第n行：…): both buttons wait until it is mended */
  blocked?: string | null;
}

/**
 * The frame of every document form (useDocDraft): loading / load failure / "only drafts" states,
 * the header card with the save error, the kind's fields and 备注, the lines, and the buttons.
 */
export function DocDraftForm<V>(props: DocDraftFormProps<V>) {
  const {
    draft,
    testId,
    fields,
    children,
    headerNote,
    initialValues,
    onValuesChange,
    addVerb = '新增',
    noun = '单据',
    actionLabel = '保存并提交',
    actionTestId = 'doc-save-submit',
    confirmAction,
    blocked = null,
  } = props;
  const { docId, existing, current, error, setError, saving, save } = draft;
  const [modal, modalHolder] = Modal.useModal();
  const label = STOCK_DOC_KIND_LABELS[draft.kind];

  if (docId !== null && !current) {
    return existing.isError ? (
      <DocumentUnavailable listPath={docPath(draft.kind, 'index')} listName={`${label}列表`} error={existing.error} onRetry={() => void existing.refetch()} />
    ) : (
      <Spin style={{ margin: 48 }} />
    );
  }
  if (current && current.status !== 'draft') {
    return <Alert type="warning" showIcon title={`${noun}${current.docNo}当前为「${current.statusLabel}」，只有草稿可以编辑`} data-testid="doc-not-editable" />;
  }

  const act = async () => {
    const question = confirmAction ? await draft.form.validateFields().then(confirmAction, () => undefined) : null;
    if (question === undefined) return;
    if (question === null) return save(true);
    void modal.confirm({ title: actionLabel, content: question, okText: actionLabel, cancelText: '取消', onOk: () => save(true) });
  };

  return (
    <div className="doc-page" data-testid={testId}>
      {modalHolder}
      <Card title={current ? `编辑${label} ${current.docNo}` : `${addVerb}${label}`}>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} closable={{ onClose: () => setError(null) }} data-testid="doc-form-error" /> : null}
        <Form<V> form={draft.form} layout="vertical" initialValues={initialValues} autoComplete="off" onValuesChange={onValuesChange}>
          <Row gutter={16}>
            {fields}
            <Col xs={24}>
              <Form.Item name="remark" label="备注" rules={[{ max: STOCK_DOC_REMARK_MAX, message: `备注最多${STOCK_DOC_REMARK_MAX}个字` }]}>
                <Input.TextArea rows={2} maxLength={STOCK_DOC_REMARK_MAX} showCount data-testid={`${testId}-remark`} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {headerNote}
      </Card>
      {children}
      <div className="doc-form__actions">
        <SaveBlockedHint problem={blocked} />
        <Button onClick={() => void save(false)} loading={saving === 'draft'} disabled={saving !== null || !!blocked} data-testid="doc-save-draft">
          保存草稿
        </Button>
        <Button type="primary" onClick={() => void act()} loading={saving === 'action'} disabled={saving !== null || !!blocked} data-testid={actionTestId}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}

export interface DocWarehouseFieldProps {
  name?: 'warehouseId' | 'toWarehouseId';
  label: string;
  /** also the "required" message (default 请选择 + label) */
  placeholder?: string;
  options: { value: number; label: string; disabled?: boolean }[];
  loading: boolean;
  /** column width from xl up (of 24) */
  xl: number;
  extra?: string;
  notFoundContent?: string;
  testId: string;
}

/** A required warehouse select of a document header. */
export function DocWarehouseField({ name = 'warehouseId', label, placeholder = `请选择${label}`, options, loading, xl, extra, notFoundContent, testId }: DocWarehouseFieldProps) {
  return (
    <Col xs={24} md={12} xl={xl}>
      <Form.Item name={name} label={label} rules={[{ required: true, message: placeholder }]} extra={extra}>
        <Select<number>
          placeholder={placeholder}
          options={options}
          loading={loading}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={notFoundContent}
          data-testid={testId}
        />
      </Form.Item>
    </Col>
  );
}
