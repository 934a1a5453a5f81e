import { useState } from 'react';
import { Alert, Button, Checkbox, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useDictOptions } from '../../../api/use-dict.ts';
import { previewPrint } from '../../../print/print-bus.ts';
import { PRINT_KIND_TITLES } from '../../../print/print-types.ts';
import { productApi, type ProductDetail } from '../../../api/products.ts';
import {
  clampCopies,
  hangtagItems,
  inChosenOrder,
  labelItems,
  nothingToPrint,
  PRINT_COPIES_MAX,
  PRINT_COPIES_MIN,
  PRINT_PRODUCTS_MAX,
  type ProductPrintOptions,
} from '../../../print/product-print.ts';

export type ProductPrintKind = 'label' | 'hangtag';

export interface ProductPrintRequest {
  kind: ProductPrintKind;
  ids: readonly number[];
}

/** Details of any number of products, PRINT_PRODUCTS_MAX per call. */
async function loadDetails(ids: readonly number[]): Promise<ProductDetail[]> {
  const out: ProductDetail[] = [];
  for (let at = 0; at < ids.length; at += PRINT_PRODUCTS_MAX) out.push(...(await productApi.details(ids.slice(at, at + PRINT_PRODUCTS_MAX))));
  return out;
}

const INITIAL: ProductPrintOptions = { copies: 1, includeDisabled: false };

/** 打印条码 / 打印吊牌 of the selected products: copies per SKU, stopped SKUs in or out, then the print preview. */
export function PrintProductsModal({ request, onClose }: { request: ProductPrintRequest | null; onClose: () => void }) {
  const [form] = Form.useForm<ProductPrintOptions>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const grades = useDictOptions('grade');
  const safety = useDictOptions('safety_category');
  const title = request ? `打印${PRINT_KIND_TITLES[request.kind]}` : '';

  const submit = async (values: ProductPrintOptions) => {
    if (!request) return;
    const options = { copies: clampCopies(values.copies), includeDisabled: !!values.includeDisabled };
    setBusy(true);
    setProblem(null);
    try {
      const products = inChosenOrder(await loadDetails(request.ids), request.ids);
      const empty = nothingToPrint(products, options.includeDisabled);
      if (empty) {
        setProblem(empty);
        return;
      }
      const items = request.kind === 'label' ? labelItems(products, options) : hangtagItems(products, options, { grade: grades.options, safetyCategory: safety.options });
      onClose();
      previewPrint(request.kind, items);
    } catch {
      // the request client has shown why; the dialog stays for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={title}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setProblem(null);
      }}
      width={460}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" icon={<PrinterOutlined />} loading={busy} onClick={() => form.submit()} data-testid="product-print-ok">
            打印
          </Button>
        </Space>
      }
      data-testid="product-print-modal"
    >
      <Typography.Paragraph type="secondary">
        已选{request?.ids.length ?? 0}个商品，每个SKU打印一张{request ? PRINT_KIND_TITLES[request.kind] : ''}，按颜色、尺码顺序排列。
      </Typography.Paragraph>
      <Form form={form} layout="horizontal" initialValues={INITIAL} onFinish={submit} labelCol={{ span: 7 }} autoComplete="off">
        <Form.Item
          name="copies"
          label="每个SKU份数"
          rules={[
            { required: true, message: '请输入份数' },
            { type: 'integer', min: PRINT_COPIES_MIN, max: PRINT_COPIES_MAX, message: `份数须为${PRINT_COPIES_MIN}-${PRINT_COPIES_MAX}之间的整数` },
          ]}
        >
          <InputNumber min={PRINT_COPIES_MIN} max={PRINT_COPIES_MAX} precision={0} style={{ width: 140 }} data-testid="product-print-copies" />
        </Form.Item>
        <Form.Item name="includeDisabled" valuePropName="checked" label="停用SKU">
          <Checkbox data-testid="product-print-disabled">包含停用SKU</Checkbox>
        </Form.Item>
      </Form>
      {problem ? <Alert type="warning" showIcon title={problem} /> : null}
    </Modal>
  );
}
