import { useEffect } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { useBrandSelectOptions, useCategoryTreeOptions } from '../../../api/product-options.ts';
import { useShelfSelectOptions, useWarehouseSelectOptions, type GoodsFilters } from './stock-report-api.ts';
import { urlId, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';

// Search inputs the stock pages share. The shelf select follows the warehouse chosen in the same form.

interface SelectProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  testId: string;
}

/** A searchable single select of loaded options ("全部" when empty). */
function OptionSelect({
  value,
  onChange,
  testId,
  options,
  loading,
  placeholder = '全部',
  disabled,
}: SelectProps<number> & { options: { value: number; label: string }[]; loading: boolean; placeholder?: string; disabled?: boolean }) {
  return (
    <Select<number>
      allowClear
      placeholder={placeholder}
      disabled={disabled}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={testId}
    />
  );
}

export function WarehouseSelect(props: SelectProps<number>) {
  const warehouses = useWarehouseSelectOptions();
  return <OptionSelect {...props} options={warehouses.options} loading={warehouses.loading} />;
}

/** Shelves of the form's chosen warehouse; cleared when the warehouse changes. */
export function ShelfSelect(props: SelectProps<number>) {
  const { value, onChange } = props;
  const form = Form.useFormInstance();
  const warehouseId = Form.useWatch<number | undefined>('warehouseId', form);
  const shelves = useShelfSelectOptions(warehouseId);
  useEffect(() => {
    if (!warehouseId && value !== undefined) onChange?.(undefined);
  }, [warehouseId, value, onChange]);
  useEffect(() => {
    if (value !== undefined && !shelves.loading && warehouseId && !shelves.options.some((o) => o.value === value)) onChange?.(undefined);
  }, [warehouseId, value, shelves.loading, shelves.options, onChange]);
  return <OptionSelect {...props} options={shelves.options} loading={shelves.loading} placeholder={warehouseId ? '全部' : '先选仓库'} disabled={!warehouseId} />;
}

export function BrandSelect(props: SelectProps<number>) {
  const brands = useBrandSelectOptions();
  return <OptionSelect {...props} options={brands.options} loading={brands.loading} />;
}

export function CategorySelect({ value, onChange, testId }: SelectProps<number>) {
  const categories = useCategoryTreeOptions();
  return (
    <TreeSelect
      allowClear
      placeholder="全部（含下级）"
      value={value}
      onChange={onChange}
      treeData={categories.options}
      loading={categories.loading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}

/** The goods filters in the page's address (each tab under its own prefix: stock page tabs share it). */
export const GOODS_URL_FILTERS: ListUrlFilters<GoodsFilters> = { warehouseId: urlId, shelfId: urlId, keyword: urlText, brandId: urlId, categoryId: urlId };

/** 仓库, 货架, 款号/名称, 品牌, 分类: the goods filters of 尺码横排 and 按仓库汇总. */
export function goodsSearchFields(prefix: string, { shelf = true } = {}): ListSearchField[] {
  return [
    { name: 'warehouseId', label: '仓库', input: <WarehouseSelect testId={`${prefix}-warehouse`} /> },
    ...(shelf ? [{ name: 'shelfId', label: '货架', input: <ShelfSelect testId={`${prefix}-shelf`} /> }] : []),
    { name: 'keyword', label: '款号/名称', input: <Input allowClear maxLength={60} placeholder="款号前缀、名称或条码" data-testid={`${prefix}-keyword`} /> },
    { name: 'brandId', label: '品牌', input: <BrandSelect testId={`${prefix}-brand`} /> },
    { name: 'categoryId', label: '分类', input: <CategorySelect testId={`${prefix}-category`} /> },
  ];
}
