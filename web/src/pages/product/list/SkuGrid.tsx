import { useMemo } from 'react';
import { Empty, Tag } from 'antd';
import type { SkuRecord } from './product-api.ts';
import { useSizeGroups } from './product-form-options.ts';
import { detailGrid } from './sku-grid-rules.ts';
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

  if (skus.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无 SKU" />;

  return (
    <div className="sku-grid" data-testid="sku-grid">
      <table>
        <thead>
          <tr>
            <th className="sku-grid__corner">颜色 \ 尺码</th>
            {grid.sizes.map((size) => (
              <th key={size.id} data-testid="sku-grid-size">
                {size.name}
              </th>
            ))}
            <th className="sku-grid__count">SKU数</th>
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.colour.id} data-testid={`sku-grid-row-${row.colour.code}`}>
              <th scope="row">
                <ColourLabel {...row.colour} />
              </th>
              {grid.sizes.map((size) => {
                const sku = row.cells.get(size.id);
                if (!sku) return <td key={size.id} className="sku-grid__empty">—</td>;
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
                const testId = `sku-cell-${row.colour.code}-${size.name}`;
                return (
                  <td key={size.id} className={off ? 'is-off' : undefined}>
                    {onPick ? (
                      <button type="button" className="sku-grid__cell" onClick={() => onPick(sku)} title="点击修改 SKU" data-testid={testId}>
                        {body}
                      </button>
                    ) : (
                      <div className="sku-grid__cell" data-testid={testId}>
                        {body}
                      </div>
                    )}
                  </td>
                );
              })}
              <td className="sku-grid__count" data-testid={`sku-grid-count-${row.colour.code}`}>
                {row.active === row.count ? row.count : `${row.active} / ${row.count}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sku-grid__total" data-testid="sku-grid-total">
        共 {grid.rows.length} 个颜色、{grid.sizes.length} 个尺码，{grid.total} 个 SKU{grid.active < grid.total ? `（启用 ${grid.active}，停用 ${grid.total - grid.active}）` : ''}
      </div>
    </div>
  );
}
