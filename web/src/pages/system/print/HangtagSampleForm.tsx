import { Form, Input, type FormRule } from 'antd';
import type { HangtagItem } from '../../../print/print-types.ts';
import { YuanInput } from '../../../ui/money/index.ts';
import { MAX_PRICE_FEN, priceError, sampleBarcodeError } from './sample-rules.ts';

interface SampleValues {
  styleNo: string;
  name: string;
  /** fen, typed in yuan */
  priceFen: number | null;
  barcode: string;
}

function check<T>(problem: (value: T) => string | null): FormRule {
  return {
    validator: async (_, value: T) => {
      const error = problem(value);
      if (error) throw new Error(error);
    },
  };
}
const required = (message: string) => (value: string | undefined) => (value?.trim() ? null : message);

/** Sample data of the hang tag, for trying the template. Lives in this page's state only. */
export function HangtagSampleForm({ sample, onChange }: { sample: HangtagItem; onChange: (next: HangtagItem) => void }) {
  const [form] = Form.useForm<SampleValues>();
  const initial: SampleValues = { styleNo: sample.styleNo, name: sample.name, priceFen: sample.retailPriceFen, barcode: sample.barcode };

  const changed = (_: unknown, all: SampleValues) => {
    const problems = [required('')(all.styleNo), required('')(all.name), priceError(all.priceFen), sampleBarcodeError(all.barcode)];
    if (problems.some((p) => p !== null)) return;
    onChange({ ...sample, styleNo: all.styleNo.trim(), name: all.name.trim(), retailPriceFen: all.priceFen!, barcode: all.barcode.trim() });
  };

  return (
    <Form form={form} layout="vertical" name="print-sample" initialValues={initial} onValuesChange={changed} requiredMark={false}>
      <Form.Item name="styleNo" label="款号" rules={[check(required('请输入款号')), { max: 32, message: '款号不能超过32位' }]}>
        <Input maxLength={32} data-testid="print-sample-styleNo" />
      </Form.Item>
      <Form.Item name="name" label="品名" rules={[check(required('请输入品名')), { max: 40, message: '品名不能超过40个字' }]}>
        <Input maxLength={40} data-testid="print-sample-name" />
      </Form.Item>
      <Form.Item name="priceFen" label="吊牌价" rules={[check(priceError)]}>
        <YuanInput minFen={0} maxFen={MAX_PRICE_FEN} prefix="¥" suffix="元" data-testid="print-sample-price" />
      </Form.Item>
      <Form.Item name="barcode" label="条码" rules={[check(sampleBarcodeError)]} extra="13位数字按 EAN-13 打印并校验校验位，其他按 Code 128 打印">
        <Input maxLength={48} data-testid="print-sample-barcode" />
      </Form.Item>
    </Form>
  );
}
