import { Col, Form, Row, Select, Switch, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MIN_RUNS_MAX, quantityProblem, type QuantityRule } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { runsFitting } from '../../../ui/document/size-run-rules.ts';
import type { SizeGroup } from '../../../api/product-master.ts';
import { runOf, sizeRunApi, sizeRunKeys } from '../../../api/size-runs.ts';
import type { ProductFormValues } from './product-form-rules.ts';

const MIN_RUNS_RULE: QuantityRule = { min: 0, max: MIN_RUNS_MAX, label: '起订手数' };

/**
 * 配码 of a style: the run it is ordered in by default (an enabled run of its size group holding
 * only sizes the style has), 整手订货 and 起订手数. The server checks the same and names the field.
 */
export function ProductRunFields({ form, sizeGroups }: { form: FormInstance<ProductFormValues>; sizeGroups: readonly SizeGroup[] }) {
  const groupId = Form.useWatch('sizeGroupId', form);
  const sizeIds = (Form.useWatch('sizeIds', form) as number[] | undefined) ?? [];
  const runs = useQuery({
    queryKey: sizeRunKeys.options(groupId ?? 0),
    queryFn: ({ signal }) => sizeRunApi.options(groupId!, signal),
    enabled: !!groupId,
  });
  const chosenSizes = (sizeGroups.find((g) => g.id === groupId)?.sizes ?? []).filter((s) => sizeIds.includes(s.id)).map((s) => s.name);
  const fitting = new Set(
    runsFitting(
      (runs.data ?? []).map((r) => ({ id: r.id, name: r.name, run: runOf(r) })),
      chosenSizes,
    ).map((r) => r.id),
  );
  const options = (runs.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.name}（${r.text}，每手${r.pieces}件）${fitting.has(r.id) ? '' : ' · 含未选尺码'}`,
    disabled: !fitting.has(r.id),
  }));

  return (
    <Row gutter={16} data-testid="product-form-runs">
      <Col span={12}>
        <Form.Item name="sizeRunId" label="默认配码" extra="订货时按此配码填写；只能选该尺码组中、尺码都已勾选的配码">
          <Select allowClear placeholder="不设默认配码" loading={runs.isLoading} options={options} notFoundContent="该尺码组还没有配码" data-testid="product-form-size-run" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="wholeRuns" label="整手订货" valuePropName="checked" extra="订货数量须为配码的整数倍">
          <Switch checkedChildren="是" unCheckedChildren="否" data-testid="product-form-whole-runs" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name="minRuns"
          label="起订手数"
          extra="每个颜色至少几手，0 为不限"
          rules={[
            {
              validator: (_rule, value: number | null) =>
                quantityProblem(value, MIN_RUNS_RULE) ? Promise.reject(new Error(quantityProblem(value, MIN_RUNS_RULE)!)) : Promise.resolve(),
            },
          ]}
        >
          <MinRunsInput />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Form.Item hands value and onChange to the one quantity input. */
function MinRunsInput({ value, onChange }: { value?: number | null; onChange?: (next: number | null) => void }) {
  return <QuantityInput value={value} onChange={(next) => onChange?.(next)} rule={MIN_RUNS_RULE} width={120} suffix="手" aria-label="起订手数" testId="product-form-min-runs" />;
}
