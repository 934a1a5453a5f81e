import { useMemo, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Select, TreeSelect } from 'antd';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, ProductLimits } from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { TagPicker } from '../../../ui/TagPicker.tsx';
import { YuanInput } from '../../../ui/money/index.ts';
import { ImageUpload } from '../../../ui/upload/ImageUpload.tsx';
import { CareEditor } from './CareEditor.tsx';
import { CompositionEditor } from './CompositionEditor.tsx';
import { GalleryUpload } from './GalleryUpload.tsx';
import type { ProductDetail } from '../../../api/products.ts';
import { useBrandOptions, useCategoryPickTree } from '../../../api/product-form-options.ts';
import { careProblem, compositionProblem, fieldChecks, priceProblem } from './product-form-rules.ts';

const check = (fn: (value: unknown) => string | null) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = fn(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
const required = (message: string) => ({ required: true, message });
const priceRule = (label: string) => check((value) => priceProblem(value as number | null, label));

/** A titled group of fields. */
export function FormSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="product-form__section" data-testid={testId}>
      <h3 className="product-form__title">{title}</h3>
      {children}
    </section>
  );
}

/** A price typed in yuan, held in fen; Form.Item passes value and onChange through. */
function PriceInput({ testId, ...rest }: { testId: string; value?: number | null; onChange?: (fen: number | null) => void }) {
  return <YuanInput {...rest} minFen={0} maxFen={ProductLimits.priceMaxFen} step={1} prefix="¥" placeholder="0.00" data-testid={testId} />;
}

export interface ProductFormFieldsProps {
  /** the saved product when editing */
  detail: ProductDetail | null;
}

/** 基本信息, 价格, 吊牌与水洗标, 图片 and 其他: every ProductInput field except the SKU grid. */
export function BasicSection({ detail }: ProductFormFieldsProps) {
  const brands = useBrandOptions();
  const { tree, loading: treeLoading } = useCategoryPickTree(detail?.categoryId);
  const brandOptions = useMemo(() => {
    const list = (brands.data ?? []).map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }));
    if (detail && !list.some((o) => o.value === detail.brandId)) list.unshift({ value: detail.brandId, label: `${detail.brandName}（已停用）` });
    return list;
  }, [brands.data, detail]);

  return (
    <FormSection title="基本信息" testId="product-form-basic">
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="styleNo" label="款号" required rules={[check(fieldChecks.styleNo)]}>
            <Input maxLength={32} placeholder="如 YS26W1001" data-testid="product-form-style-no" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label="商品名称" required rules={[check(fieldChecks.name)]}>
            <Input maxLength={ProductLimits.nameMax} showCount placeholder="如 女式双面羊毛大衣" data-testid="product-form-name" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="brandId" label="品牌" rules={[required('请选择品牌')]}>
            <Select options={brandOptions} loading={brands.isLoading} showSearch={{ optionFilterProp: 'label' }} placeholder="请选择" data-testid="product-form-brand" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="categoryId" label="商品分类" rules={[required('请选择商品分类')]}>
            <TreeSelect
              treeData={tree}
              loading={treeLoading}
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeDefaultExpandAll
              placeholder="请选择（任一级）"
              data-testid="product-form-category"
            />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="year" label="年份" required rules={[check(fieldChecks.year)]}>
            <InputNumber<number> min={ProductLimits.yearMin} max={ProductLimits.yearMax} precision={0} style={{ width: '100%' }} data-testid="product-form-year" />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="season" label="季节" rules={[required('请选择季节')]}>
            <DictSelect code="season" data-testid="product-form-season" />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="gender" label="性别" rules={[required('请选择性别')]}>
            <DictSelect code="gender" data-testid="product-form-gender" />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="unit" label="单位" rules={[required('请选择单位')]}>
            <DictSelect code="unit" data-testid="product-form-unit" />
          </Form.Item>
        </Col>
        <Col span={detail ? 12 : 8}>
          <Form.Item name="supplierId" label="默认供应商">
            <SupplierSelect
              current={detail?.supplierId ? { id: detail.supplierId, name: detail.supplierName ?? String(detail.supplierId) } : null}
              data-testid="product-form-supplier"
            />
          </Form.Item>
        </Col>
        {detail ? null : (
          <Col span={4}>
            <Form.Item name="status" label="状态">
              <Radio.Group options={PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_LABELS[value] }))} optionType="button" data-testid="product-form-status" />
            </Form.Item>
          </Col>
        )}
        <Col span={4}>
          <Form.Item name="retailFen" label="吊牌价（元）" required rules={[priceRule('吊牌价')]}>
            <PriceInput testId="product-form-retail" />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="wholesaleFen" label="批发价（元）" required rules={[priceRule('批发价')]}>
            <PriceInput testId="product-form-wholesale" />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="costFen" label="成本价（元）" required rules={[priceRule('成本价')]}>
            <PriceInput testId="product-form-cost" />
          </Form.Item>
        </Col>
      </Row>
    </FormSection>
  );
}

export function LabelSection() {
  return (
    <FormSection title="吊牌与水洗标" testId="product-form-label">
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="grade" label="等级">
            <DictSelect code="grade" data-testid="product-form-grade" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="safetyCategory" label="安全类别">
            <DictSelect code="safety_category" data-testid="product-form-safety" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="standard" label="执行标准" rules={[check(fieldChecks.standard)]}>
            <Input maxLength={ProductLimits.textMax} placeholder="如 FZ/T 73020-2019" data-testid="product-form-standard" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="composition"
            label="成分"
            rules={[check((value) => compositionProblem((value as never[]) ?? []))]}
            extra="整件一个部位可不填部位名；每个部位合计须为100%"
          >
            <CompositionEditor />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="care" label="洗涤说明" rules={[check((value) => careProblem((value as never[]) ?? []))]}>
            <CareEditor />
          </Form.Item>
        </Col>
      </Row>
    </FormSection>
  );
}

export function PictureSection() {
  return (
    <FormSection title="图片" testId="product-form-pictures">
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="mainImage" label="主图">
            <ImageUpload category="product/baseimage" hint="png / jpg / bmp，5MB 以内" data-testid="product-form-main-image" />
          </Form.Item>
        </Col>
        <Col span={18}>
          <Form.Item name="gallery" label="图片集" rules={[check(fieldChecks.gallery)]}>
            <GalleryUpload />
          </Form.Item>
        </Col>
      </Row>
    </FormSection>
  );
}

export function OtherSection({ creating }: { creating: boolean }) {
  return (
    <FormSection title="其他" testId="product-form-other">
      <Row gutter={16}>
        <Col span={creating ? 12 : 24}>
          <Form.Item name="remark" label="备注" rules={[check(fieldChecks.remark)]}>
            <Input.TextArea rows={3} maxLength={ProductLimits.remarkMax} showCount data-testid="product-form-remark" />
          </Form.Item>
        </Col>
        {creating ? (
          <Col span={12}>
            <Form.Item name="tagIds" label="标签" extra="保存后在列表中修改标签">
              <TagPicker targetType="product" testId="product-form-tags" />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </FormSection>
  );
}
