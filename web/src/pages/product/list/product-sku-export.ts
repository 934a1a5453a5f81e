import { PRODUCT_IMPORT_COLUMNS, type ProductImportRow } from '@erp/shared';
import type { ExportColumn } from '../../../ui/list-page/export-plan.ts';
import type { ListParams } from '../../../api/list-params.ts';
import type { ProductFilters } from '../../../api/products.ts';

/** 导出SKU明细: the import format's columns and titles, so the file can be edited and imported again. */
export const SKU_EXPORT_TITLE = '商品SKU明细';

export const SKU_EXPORT_COLUMNS: readonly ExportColumn<ProductImportRow>[] = PRODUCT_IMPORT_COLUMNS.map((column) => ({
  key: column.key,
  title: column.title,
  dataIndex: column.key,
}));

/** The columns of a role's export: the server leaves out the prices and supplier the role may not see, so the file does too. */
export function skuExportColumns(fields: { cost: boolean; wholesale: boolean; supplier: boolean }): readonly ExportColumn<ProductImportRow>[] {
  const hidden = new Set<string>([...(fields.cost ? [] : ['costPrice']), ...(fields.wholesale ? [] : ['wholesalePrice']), ...(fields.supplier ? [] : ['supplier'])]);
  return SKU_EXPORT_COLUMNS.filter((column) => !hidden.has(String(column.key)));
}

/** The query of a list call (filters and sort) without its paging: the SKU rows follow the same query. */
export type ProductQuery = Omit<ListParams<ProductFilters>, 'page' | 'limit'>;

export function queryOf(params: ListParams<ProductFilters>): ProductQuery {
  const { page: _page, limit: _limit, ...query } = params;
  return query;
}
