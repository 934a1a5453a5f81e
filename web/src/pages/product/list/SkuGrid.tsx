import { useMemo } from 'react';
import { Empty, Tag } from 'antd';
import type { SkuRecord } from '../../../api/products.ts';
import { useSizeGroups } from '../../../api/product-form-options.ts';
import { detailGrid } from './sku-grid-rules.ts';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import './product-edit.css';

export interface SkuGridProps {
  skus: readonly SkuRecord[];
  /** set when the user may edit SKUs: a click on a cell opens it */
  onPick?: (sku: SkuRecord) => void;
}

/** A colour swatch, its code and name (a row head of the SKU grids). */
export function ColourLabel({ hex, code, name }: { hex: string; code: string; name: string }) {
  return (
    <span className="sku-grid__colour">
      <span className="erp-colour-swatch sku-grid__swatch" style={{ background: hex || '#fff' }} />
      <span className="sku-grid__colour-code">{code}</span>
      <span>{name}</span>
    </span>
  );
}

/** 商品详情 SKU grid: colours × sizes (size order), each cell the barcode, seller SKU and 停用 mark. */
export function SkuGrid({ skus, onPick }: SkuGridProps) {
  const groups = useSizeGroups();
  const grid = useMemo(() => {
    const sorts = new Map<number, number>();
    for (const group of groups.data ?? []) for (const size of group.sizes) sorts.set(size.id, size.sort);
    return detailGrid(skus, (id) => sorts.get(id));
  }, [skus, groups.data]);
  const cells = useMemo(() => {
    const sizeSort = new Map(grid.sizes.map((s, i) => [s.id, i]));
    return skus.map((sku) => ({ ...sku, skuId: sku.id, colourKey: sku.colourCode, sizeSort: sizeSort.get(sku.sizeId) }));
  }, [skus, grid.sizes]);

  if (skus.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无 SKU" />;
  const rowOf = new Map(grid.rows.map((r) => [r.colour.code, r]));

  return (
    <div className="sku-grid">
      <SizeRunGrid
        mode="view"
        cells={cells}
        testId="sku-grid"
        renderColour={(colour) => {
          const row = rowOf.get(colour.key)!;
          return <ColourLabel {...row.colour} />;
        }}
        rowExtra={{
          title: 'SKU数',
          render: (code) => {
            const row = rowOf.get(code)!;
            return <span data-testid={`sku-grid-count-${code}`}>{row.active === row.count ? row.count : `${row.active} / ${row.count}`}</span>;
          },
        }}
        renderCell={(sku) => {
          const off = sku.status === 'disabled';
          const body = (
            <>
              <span className="sku-grid__barcode">{sku.barcode}</span>
              {sku.sellerSku ? (
                <span className="sku-grid__seller" title="平台分组 / 平台商家编码">
                  {sku.marketplaceGroup} / {sku.sellerSku}
                </span>
              ) : null}
              {off ? <Tag className="sku-grid__off">停用</Tag> : null}
            </>
          );
          const testId = `sku-cell-${sku.colourCode}-${sku.sizeName}`;
          return onPick ? (
            <button type="button" className={`sku-grid__cell${off ? ' is-off' : ''}`} onClick={() => onPick(sku)} title="点击修改 SKU" data-testid={testId}>
              {body}
            </button>
          ) : (
            <div className={`sku-grid__cell${off ? ' is-off' : ''}`} data-testid={testId}>
              {body}
            </div>
          );
        }}
      />
      <div className="sku-grid__total" data-testid="sku-grid-total">
        共 {grid.rows.length} 个颜色、{grid.sizes.length} 个尺码，{grid.total} 个 SKU{grid.active < grid.total ? `（启用 ${grid.active}，停用 ${grid.total - grid.active}）` : ''}
      </div>
    </div>
  );
}
