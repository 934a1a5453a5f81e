import { useMemo } from 'react';
import { Checkbox, Col, Form, Row, Select, type FormInstance } from 'antd';
import { compareSizeRows, ProductLimits } from '@erp/shared';
import type { SizeGroup } from '../../../api/product-master.ts';
import type { SkuRecord } from '../../../api/products.ts';
import { useColourOptions } from '../../../api/product-form-options.ts';
import { fieldChecks, type ProductFormValues } from './product-form-rules.ts';
import { ColourLabel } from './SkuGrid.tsx';
import { SkuGridPreview } from './SkuGridPreview.tsx';
import { barcodeProblems, cellKey, gridPreview, type GridColourInfo, type GridSizeInfo } from './sku-grid-rules.ts';

const check = (fn: (value: unknown) => string | null) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = fn(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export interface ProductSkuSectionProps {
  form: FormInstance<ProductFormValues>;
  sizeGroups: readonly SizeGroup[];
  /** the saved product's SKUs (empty when adding) */
  existing: readonly SkuRecord[];
}

/** 颜色尺码: the size group, its sizes (checkboxes in size order), colours, and the live SKU grid. */
export function ProductSkuSection({ form, sizeGroups, existing }: ProductSkuSectionProps) {
  const colours = useColourOptions();
  const groupId = Form.useWatch('sizeGroupId', form);
  const sizeIds = Form.useWatch('sizeIds', form) ?? [];
  const colourIds = Form.useWatch('colourIds', form) ?? [];
  const typed = Form.useWatch('barcodes', form) ?? {};

  const group = sizeGroups.find((g) => g.id === groupId);
  const groupSizes = useMemo(() => [...(group?.sizes ?? [])].sort(compareSizeRows), [group]);

  const colourInfo = useMemo(() => {
    const map = new Map<number, GridColourInfo & { enabled: boolean }>();
    for (const s of existing) map.set(s.colourId, { id: s.colourId, code: s.colourCode, name: s.colourName, hex: s.colourHex, enabled: false });
    for (const c of colours.data ?? []) map.set(c.id, { ...c, enabled: true });
    return map;
  }, [colours.data, existing]);

  const sizeInfo = useMemo(() => {
    const map = new Map<number, GridSizeInfo>();
    for (const s of existing) map.set(s.sizeId, { id: s.sizeId, name: s.sizeName, sort: 0 });
    for (const g of sizeGroups) for (const s of g.sizes) map.set(s.id, s);
    return map;
  }, [sizeGroups, existing]);

  const chosenSizes = useMemo(() => sizeIds.filter((id) => groupSizes.some((s) => s.id === id)), [sizeIds, groupSizes]);
  const grid = useMemo(
    () =>
      gridPreview(
        colourIds,
        chosenSizes,
        existing,
        (id) => colourInfo.get(id) ?? { id, code: String(id), name: '', hex: '' },
        (id) => sizeInfo.get(id) ?? { id, name: String(id), sort: 0 },
      ),
    [colourIds, chosenSizes, existing, colourInfo, sizeInfo],
  );
  const newCells = useMemo(
    () =>
      new Set(
        grid.rows
          .flat()
          .filter((c) => c.kind === 'new')
          .map((c) => cellKey(c.colourId, c.sizeId)),
      ),
    [grid],
  );
  const problems = useMemo(() => barcodeProblems(typed, newCells, existing), [typed, newCells, existing]);

  const colourOptions = useMemo(
    () =>
      [...colourInfo.values()].map((c) => ({
        value: c.id,
        label: <ColourLabel hex={c.hex} code={c.code} name={c.enabled ? c.name : `${c.name}（已停用）`} />,
        search: `${c.code} ${c.name}`,
        disabled: !c.enabled && !colourIds.includes(c.id),
      })),
    [colourInfo, colourIds],
  );

  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item name="sizeGroupId" label="尺码组" rules={[{ required: true, message: '请选择尺码组' }]}>
          <Select
            options={sizeGroups.map((g) => ({ value: g.id, label: g.enabled ? g.name : `${g.name}（已停用）`, disabled: !g.enabled && g.id !== groupId }))}
            placeholder="请选择"
            data-testid="product-form-size-group"
          />
        </Form.Item>
      </Col>
      <Col span={18}>
        <Form.Item name="sizeIds" label="尺码" required rules={[check(fieldChecks.sizeIds)]} extra="按尺码顺序排列，无论勾选先后">
          <Checkbox.Group options={groupSizes.map((s) => ({ value: s.id, label: s.name }))} data-testid="product-form-sizes" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="colourIds" label="颜色" required rules={[check(fieldChecks.colourIds)]} extra="SKU 行按选择的先后排列">
          <Select
            mode="multiple"
            options={colourOptions}
            showSearch={{ optionFilterProp: 'search' }}
            maxCount={ProductLimits.coloursMax}
            loading={colours.isLoading}
            placeholder="选择颜色（可多选）"
            data-testid="product-form-colours"
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="barcodes"
          label="SKU 预览"
          dependencies={['colourIds', 'sizeIds', 'sizeGroupId']}
          rules={[
            ({ getFieldValue }) => ({
              // from the form's current values: this render's `problems` may be one keystroke old
              validator: (_rule, value: Record<string, string> | undefined) => {
                const groupSizeIds = new Set(groupSizes.map((s) => s.id));
                const have = new Set(existing.map((s) => cellKey(s.colourId, s.sizeId)));
                const cells = new Set<string>();
                for (const c of (getFieldValue('colourIds') as number[] | undefined) ?? [])
                  for (const z of (getFieldValue('sizeIds') as number[] | undefined) ?? []) if (groupSizeIds.has(z) && !have.has(cellKey(c, z))) cells.add(cellKey(c, z));
                const count = barcodeProblems(value ?? {}, cells, existing).size;
                return count > 0 ? Promise.reject(new Error(`有 ${count} 个条码需要修正`)) : Promise.resolve();
              },
            }),
          ]}
        >
          <SkuGridPreview grid={grid} problems={problems} />
        </Form.Item>
      </Col>
    </Row>
  );
}
