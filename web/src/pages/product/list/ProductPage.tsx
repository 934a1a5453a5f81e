import { lazy, useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownOutlined, ArrowUpOutlined, ExportOutlined, ImportOutlined, PlusOutlined, PrinterOutlined, TagsOutlined } from '@ant-design/icons';
import { Permissions, PRODUCT_STATUSES, ProductLimits, productFieldsOf, type ProductImportRow } from '@erp/shared';
import { getUserInfo } from '../../../auth/session.ts';
import { useDictOptions } from '../../../api/use-dict.ts';
import { ExportProgressOverlay } from '../../../ui/list-page/ExportProgressOverlay.tsx';
import { ListPage, type ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import type { ListParams } from '../../../api/list-params.ts';
import { useListExport } from '../../../ui/list-page/use-list-export.ts';
import type { StatusChange } from './BatchStatusModal.tsx';
import type { ProductPrintRequest } from './PrintProductsModal.tsx';
import { productApi, productKeys, type ProductFilters, type ProductListRecord } from '../../../api/products.ts';
import { productColumns } from './product-columns.tsx';
import { useProductSearchFields } from './product-search.tsx';
import { queryOf, SKU_EXPORT_TITLE, skuExportColumns, type ProductQuery } from './product-sku-export.ts';
import './product-list.css';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { LazyOverlay } from '../../../ui/LazyOverlay.tsx';
import { urlCode, urlId, urlInt, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';

// dialogs and drawers load when first opened: the list's own download stays small (scripts/measure-bundle.mjs)
const BatchStatusModal = lazy(async () => ({ default: (await import('./BatchStatusModal.tsx')).BatchStatusModal }));
const BatchTagsModal = lazy(async () => ({ default: (await import('./BatchTagsModal.tsx')).BatchTagsModal }));
const PrintProductsModal = lazy(async () => ({ default: (await import('./PrintProductsModal.tsx')).PrintProductsModal }));
const ImportProductsModal = lazy(async () => ({ default: (await import('./ImportProductsModal.tsx')).ImportProductsModal }));
const ProductDetailDrawer = lazy(async () => ({ default: (await import('./ProductDetailDrawer.tsx')).ProductDetailDrawer }));
const ProductFormDrawer = lazy(async () => ({ default: (await import('./ProductFormDrawer.tsx')).ProductFormDrawer }));

const INITIAL_FILTERS: ProductFilters = {};
const URL_FILTERS: ListUrlFilters<ProductFilters> = {
  keyword: urlText,
  barcode: urlText,
  brandId: urlId,
  categoryId: urlId,
  season: urlCode,
  year: urlInt(ProductLimits.yearMin, ProductLimits.yearMax),
  status: urlOneOf(PRODUCT_STATUSES),
  supplierId: urlId,
};
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;

/**
 * 商品 (product/list): the styles with thumbnails, search, batch 上架/下架, tags, label and
 * hang-tag printing, Excel import and the SKU export; agents, shops and suppliers only read.
 */
export function ProductPage() {
  const client = useQueryClient();
  const roleType = getUserInfo()?.roleType;
  const isManager = roleType === 'manager';
  // 批发价 and 供应商 as the role sees them (the server leaves the others out)
  const fields = productFieldsOf(roleType);
  const seasons = useDictOptions('season');
  const searchFields = useProductSearchFields(isManager);
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ productId: number | null } | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const [tagging, setTagging] = useState<number[] | null>(null);
  const [printing, setPrinting] = useState<ProductPrintRequest | null>(null);
  const [importing, setImporting] = useState(false);
  // 成本价 shows only when the server sends it (HQ); agents, shops and suppliers get none
  const [showCost, setShowCost] = useState(false);
  // the list's current query (filters and sort of its latest call), for 导出SKU明细
  const currentQuery = useRef<ProductQuery>(INITIAL_FILTERS);
  const skuExport = useListExport<ProductImportRow>();

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: productKeys.all }), [client]);

  const fetchPage = useCallback(async (params: ListParams<ProductFilters>, signal?: AbortSignal) => {
    currentQuery.current = queryOf(params);
    const result = await productApi.page(params, signal);
    if (result.records.some((row) => row.costPriceFen !== undefined)) setShowCost(true);
    return result;
  }, []);

  const columns = useMemo(
    () =>
      productColumns({
        seasons: seasons.options,
        showCost,
        showWholesale: fields.wholesale,
        showSupplier: fields.supplier,
        onView: setViewing,
        onEdit: (id) => setEditing({ productId: id }),
      }),
    [seasons.options, showCost, fields.wholesale, fields.supplier],
  );

  const exportSkus = () => {
    const query = currentQuery.current;
    void skuExport.start({
      title: SKU_EXPORT_TITLE,
      columns: skuExportColumns(fields),
      fetchPage: (page, limit, signal) => productApi.skuRows({ ...query, page, limit }, signal),
    });
  };

  const none = selected.length === 0;
  const toolbar: ListToolbarButton[] = [
    {
      key: 'add',
      label: '新增',
      type: 'primary',
      icon: <PlusOutlined />,
      permission: Permissions.productAdd,
      onClick: () => setEditing({ productId: null }),
      testId: 'product-add',
    },
    {
      key: 'on',
      label: '上架',
      icon: <ArrowUpOutlined />,
      permission: Permissions.productStatus,
      disabled: none,
      onClick: () => setStatusChange({ status: 'on_sale', ids: selected }),
      testId: 'product-on-sale',
    },
    {
      key: 'off',
      label: '下架',
      icon: <ArrowDownOutlined />,
      permission: Permissions.productStatus,
      disabled: none,
      onClick: () => setStatusChange({ status: 'off_sale', ids: selected }),
      testId: 'product-off-sale',
    },
    { key: 'tags', label: '标签', icon: <TagsOutlined />, permission: Permissions.productEdit, disabled: none, onClick: () => setTagging(selected), testId: 'product-tags' },
    { key: 'label', label: '打印条码', icon: <PrinterOutlined />, disabled: none, onClick: () => setPrinting({ kind: 'label', ids: selected }), testId: 'product-print-label' },
    {
      key: 'hangtag',
      label: '打印吊牌',
      icon: <PrinterOutlined />,
      disabled: none,
      onClick: () => setPrinting({ kind: 'hangtag', ids: selected }),
      testId: 'product-print-hangtag',
    },
    { key: 'import', label: '导入', icon: <ImportOutlined />, permission: Permissions.productImport, onClick: () => setImporting(true), testId: 'product-import' },
    { key: 'sku-export', label: '导出SKU明细', icon: <ExportOutlined />, disabled: skuExport.exporting, onClick: exportSkus, testId: 'product-sku-export' },
  ];

  return (
    <>
      <ListPage<ProductListRecord, ProductFilters>
        listId="product-list"
        title="商品"
        testId="product"
        queryKey={productKeys.page}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={searchFields}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        tableProps={{
          scroll: { x: 1500 },
          rowSelection: {
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          },
          title: none
            ? undefined
            : () => (
                <span className="product-list__selection" data-testid="product-selection">
                  已选 {selected.length} 个商品
                  <ActionLink onClick={() => setSelected([])} data-testid="product-selection-clear">
                    清空
                  </ActionLink>
                </span>
              ),
        }}
      />
      <LazyOverlay open={statusChange !== null}>
        <BatchStatusModal change={statusChange} onClose={() => setStatusChange(null)} onDone={() => void refresh()} />
      </LazyOverlay>
      <LazyOverlay open={tagging !== null}>
        <BatchTagsModal
          ids={tagging}
          onClose={() => setTagging(null)}
          onDone={() => {
            setTagging(null);
            void refresh();
          }}
        />
      </LazyOverlay>
      <LazyOverlay open={printing !== null}>
        <PrintProductsModal request={printing} onClose={() => setPrinting(null)} />
      </LazyOverlay>
      <LazyOverlay open={importing}>
        <ImportProductsModal open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
      </LazyOverlay>
      <LazyOverlay open={viewing !== null}>
        <ProductDetailDrawer productId={viewing} onClose={() => setViewing(null)} onEdit={(id) => setEditing({ productId: id })} />
      </LazyOverlay>
      <LazyOverlay open={editing !== null}>
        <ProductFormDrawer
          open={editing !== null}
          productId={editing?.productId ?? null}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            const created = editing?.productId === null;
            setEditing(null);
            void refresh();
            // a new product opens its details; an edited one refreshes the details already open
            if (created) setViewing(id);
          }}
        />
      </LazyOverlay>
      <ExportProgressOverlay progress={skuExport.progress} onCancel={skuExport.cancel} />
    </>
  );
}
