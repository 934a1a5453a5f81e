import { useEffect, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, InputNumber, Modal, Segmented, Space, Typography } from 'antd';
import { PREVIEW_COPIES_MAX, PREVIEW_COPIES_MIN, print, subscribePreview } from './print-bus.ts';
import { expandCopies, printProblem } from './print-format.ts';
import { loadPrintSettings } from './print-settings.ts';
import { PRINT_KIND_TITLES, parcelTitle, type OutboundSheet, type PrintEvent, type PrintKind } from './print-types.ts';
import { PreviewPane } from './PreviewPane.tsx';
import './print-preview-modal.css';

const ZOOM: Record<PrintKind, number> = { label: 1.5, hangtag: 1.25, washlabel: 1.25, outbound: 1, transfer: 1, statement: 1, order: 1, parcel: 1 };
export const COPIES_MESSAGE = `份数须为${PREVIEW_COPIES_MIN}-${PREVIEW_COPIES_MAX}之间的整数`;

/** Why a typed 份数 cannot print (null: fine). */
export function copiesProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return '请输入份数';
  return typeof value === 'number' && Number.isInteger(value) && value >= PREVIEW_COPIES_MIN && value <= PREVIEW_COPIES_MAX ? null : COPIES_MESSAGE;
}

/** What the preview prints: the document's own title (采购订单, 入库单 …) or the kind's. */
export function previewTitle(event: PrintEvent): string {
  if (event.kind === 'outbound' || event.kind === 'transfer') return `${event.payload.title ?? PRINT_KIND_TITLES[event.kind]} ${event.payload.number}`;
  if (event.kind === 'order') return `订货确认单 ${event.payload.number}`;
  if (event.kind === 'parcel') return `${parcelTitle(event.payload.title)} ${event.payload.number}`;
  if (event.kind === 'statement') return `对账单 ${event.payload.partyName} ${event.payload.from} 至 ${event.payload.to}`;
  return PRINT_KIND_TITLES[event.kind];
}

function summary(event: PrintEvent): string {
  if (event.kind === 'outbound' || event.kind === 'transfer' || event.kind === 'order' || event.kind === 'parcel')
    return `共${event.payload.lines.length}行，数量${event.payload.totalQuantity}`;
  if (event.kind === 'statement') return `共${event.payload.entries.length}笔明细`;
  return `每份${expandCopies<{ copies: number }>(event.payload).length}张`;
}

type SheetLayout = NonNullable<OutboundSheet['layout']>;
const LAYOUTS: { value: SheetLayout; label: string }[] = [
  { value: 'lines', label: '明细' },
  { value: 'grid', label: '尺码横排' },
];

/** A priced sheet (出库单, 配货出库单, 采购订单 …) in the layout chosen in the preview; other kinds as they are. */
export function withLayout(event: PrintEvent, layout: SheetLayout): PrintEvent {
  if (event.kind !== 'outbound' || (event.payload.layout ?? 'lines') === layout) return event;
  return { kind: 'outbound', payload: { ...event.payload, layout } };
}

interface PrintPreviewModalProps {
  /** what to show; null: closed */
  event: PrintEvent | null;
  onClose: () => void;
}

/**
 * 打印预览: the page(s) exactly as the print frame draws them (same template, this workstation's
 * paper settings), 份数 1–99, then 打印 hands the event and the copies to the print frames.
 */
export function PrintPreviewModal({ event, onClose }: PrintPreviewModalProps) {
  const [form] = Form.useForm<{ copies: number }>();
  // kept while the dialog animates closed
  const [asked, setAsked] = useState<PrintEvent | null>(event);
  // 出库单 sheets: 明细 (a row per SKU) or 尺码横排 (style × colour rows, sizes as columns), chosen here
  const [layout, setLayout] = useState<SheetLayout>('lines');
  useEffect(() => {
    if (!event) return;
    setAsked(event);
    setLayout(event.kind === 'outbound' ? (event.payload.layout ?? 'lines') : 'lines');
  }, [event]);
  const shown = asked ? withLayout(asked, layout) : null;
  const settings = shown ? loadPrintSettings()[shown.kind] : null;
  const problem = shown ? printProblem(shown) : null;

  const submit = ({ copies }: { copies: number }) => {
    if (!shown) return;
    print(shown.kind, shown.payload, copies);
    onClose();
  };

  return (
    <Modal
      open={event !== null}
      title={shown ? `打印预览 · ${previewTitle(shown)}` : '打印预览'}
      onCancel={onClose}
      afterClose={() => {
        setAsked(null);
        form.resetFields();
      }}
      width="min(980px, calc(100vw - 32px))"
      centered
      footer={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Form form={form} layout="inline" initialValues={{ copies: 1 }} onFinish={submit} autoComplete="off" name="print-preview">
            <Form.Item
              name="copies"
              label="份数"
              rules={[{ validator: (_, value) => (copiesProblem(value) ? Promise.reject(new Error(copiesProblem(value)!)) : Promise.resolve()) }]}
            >
              <InputNumber style={{ width: 96 }} autoFocus data-testid="print-preview-copies" />
            </Form.Item>
            {shown?.kind === 'outbound' ? (
              <Form.Item label="排版">
                <Segmented<SheetLayout> value={layout} onChange={setLayout} options={LAYOUTS} data-testid="print-preview-layout" />
              </Form.Item>
            ) : null}
          </Form>
          <Space>
            <Button onClick={onClose} data-testid="print-preview-cancel">
              取消
            </Button>
            <Button type="primary" icon={<PrinterOutlined />} disabled={problem !== null} onClick={() => form.submit()} data-testid="print-preview-ok">
              打印
            </Button>
          </Space>
        </Flex>
      }
      data-testid="print-preview-modal"
    >
      {shown && settings ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {summary(shown)}；纸张 {settings.widthMm} × {settings.heightMm} mm（在 系统设置 › 打印模板 中按本机设置）
          </Typography.Paragraph>
          {problem ? <Alert type="error" showIcon title={`无法打印：${problem}`} style={{ marginBottom: 8 }} data-testid="print-preview-problem" /> : null}
          <PreviewPane event={shown} settings={settings} zoom={ZOOM[shown.kind]} className="print-preview-modal__frame" />
        </>
      ) : null}
    </Modal>
  );
}

/** The one preview every print button opens (previewPrint in print-bus.ts); mounted once with the print frames. */
export function PrintPreviewHost() {
  const [event, setEvent] = useState<PrintEvent | null>(null);
  useEffect(() => subscribePreview(setEvent), []);
  return <PrintPreviewModal event={event} onClose={() => setEvent(null)} />;
}
