import { useMemo } from 'react';
import { Input, InputNumber, Select, TreeSelect } from 'antd';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, ProductLimits } from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { useBrandSelectOptions, useCategoryTreeOptions } from '../../../api/product-options.ts';

const STATUS_OPTIONS = PRODUCT_STATUSES.map((status) => ({ value: status, label: PRODUCT_STATUS_LABELS[status] }));

/** The 商品 search form: 供应商 only for HQ users (others see only their own goods anyway). */
export function useProductSearchFields(withSupplier: boolean): ListSearchField[] {
  const brands = useBrandSelectOptions();
  const categories = useCategoryTreeOptions();
  return useMemo(() => {
    const fields: ListSearchField[] = [
      { name: 'keyword', label: '款号/名称', input: <Input allowClear maxLength={64} placeholder="款号前缀或名称" data-testid="product-keyword" /> },
      { name: 'barcode', label: '条码', input: <Input allowClear maxLength={32} placeholder="SKU条码" data-testid="product-barcode" /> },
      {
        name: 'brandId',
        label: '品牌',
        input: <Select allowClear placeholder="全部" options={brands.options} loading={brands.loading} showSearch={{ optionFilterProp: 'label' }} data-testid="product-brand" />,
      },
      {
        name: 'categoryId',
        label: '分类',
        input: (
          <TreeSelect
            allowClear
            placeholder="全部（含下级）"
            treeData={categories.options}
            loading={categories.loading}
            treeDefaultExpandAll={false}
            showSearch={{ treeNodeFilterProp: 'title' }}
            popupMatchSelectWidth={false}
            data-testid="product-category"
          />
        ),
      },
      { name: 'season', label: '季节', input: <DictSelect code="season" placeholder="全部" data-testid="product-season" /> },
      {
        name: 'year',
        label: '年份',
        input: <InputNumber min={ProductLimits.yearMin} max={ProductLimits.yearMax} precision={0} placeholder="如 2026" style={{ width: '100%' }} data-testid="product-year" />,
      },
      { name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={STATUS_OPTIONS} data-testid="product-status" /> },
    ];
    if (withSupplier) fields.push({ name: 'supplierId', label: '供应商', input: <SupplierSelect placeholder="全部" data-testid="product-supplier" /> });
    return fields;
  }, [brands.options, brands.loading, categories.options, categories.loading, withSupplier]);
}
