import { Input, Tag } from 'antd';
import { SKU_STATUS_LABELS } from '@erp/shared';
import type { SkuRecord } from '../../../api/products.ts';
import { ColourLabel } from './SkuGrid.tsx';
import { cellKey, type GridCell, type GridPreview } from './sku-grid-rules.ts';

export interface SkuGridPreviewProps {
  grid: GridPreview;
  /** the barcode problems of typed cells (cellKey → message) */
  problems: ReadonlyMap<string, string>;
  /** cellKey → typed barcode (Form.Item passes it) */
  value?: Record<string, string>;
  onChange?: (value: Record<string, string>) => void;
}

function SavedBarcode({ sku, mark }: { sku: SkuRecord; mark: 'status' | 'dropping' | 'disabled' }) {
  return (
    <>
      <span className="sku-grid__barcode">{sku.barcode}</span>
      {mark === 'status' ? (
        <Tag color={sku.status === 'active' ? 'green' : undefined} className="sku-grid__mark">
          {SKU_STATUS_LABELS[sku.status]}
        </Tag>
      ) : mark === 'dropping' ? (
        <Tag color="orange" className="sku-grid__mark">
          将停用
        </Tag>
      ) : (
        <Tag className="sku-grid__mark">已停用</Tag>
      )}
    </>
  );
}

/**
 * The colour × size grid a save will leave: new cells take an optional barcode (empty: numbered
 * automatically), saved SKUs show theirs read-only with their status, and SKUs no longer chosen
 * are marked 将停用 (the server disables them; SKUs are never deleted).
 */
export function SkuGridPreview({ grid, problems, value, onChange }: SkuGridPreviewProps) {
  const typed = value ?? {};
  if (grid.colours.length === 0 || grid.sizes.length === 0) {
    return <div className="sku-grid__hint">选择尺码和颜色后，这里预览将生成的 SKU</div>;
  }

  const cell = (c: GridCell, colourCode: string, sizeName: string) => {
    const key = cellKey(c.colourId, c.sizeId);
    const testId = `sku-preview-${colourCode}-${sizeName}`;
    switch (c.kind) {
      case 'new': {
        const problem = problems.get(key);
        return (
          <td key={key} className="is-new">
            <Input
              size="small"
              value={typed[key] ?? ''}
              onChange={(event) => onChange?.({ ...typed, [key]: event.target.value })}
              placeholder="自动生成"
              maxLength={32}
              status={problem ? 'error' : undefined}
              className="sku-grid__barcode-input"
              aria-label={`${colourCode} ${sizeName} 条码`}
              data-testid={testId}
            />
            {problem ? (
              <div className="sku-grid__problem" data-testid={`${testId}-problem`}>
                {problem}
              </div>
            ) : null}
          </td>
        );
      }
      case 'existing':
        return (
          <td key={key} className={c.sku.status === 'disabled' ? 'is-off' : undefined} data-testid={testId}>
            <SavedBarcode sku={c.sku} mark="status" />
          </td>
        );
      case 'dropping':
        return (
          <td key={key} className="is-dropping" data-testid={testId}>
            <SavedBarcode sku={c.sku} mark="dropping" />
          </td>
        );
      case 'disabled':
        return (
          <td key={key} className="is-off" data-testid={testId}>
            <SavedBarcode sku={c.sku} mark="disabled" />
          </td>
        );
      default:
        return (
          <td key={key} className="sku-grid__empty">
            —
          </td>
        );
    }
  };

  return (
    <div className="sku-grid sku-grid--preview" data-testid="sku-preview">
      <table>
        <thead>
          <tr>
            <th className="sku-grid__corner">颜色 \ 尺码</th>
            {grid.sizes.map((size) => (
              <th key={size.id} className={size.chosen ? undefined : 'is-dropped'} data-testid="sku-preview-size">
                {size.name}
                {size.chosen ? null : <span className="sku-grid__dropped-note">（未选）</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.colours.map((colour, rowIndex) => (
            <tr key={colour.id} className={colour.chosen ? undefined : 'is-dropped'}>
              <th scope="row">
                <ColourLabel hex={colour.hex} code={colour.code} name={colour.name} />
                {colour.chosen ? null : <span className="sku-grid__dropped-note">（未选）</span>}
              </th>
              {grid.rows[rowIndex]!.map((c, i) => cell(c, colour.code, grid.sizes[i]!.name))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sku-grid__total" data-testid="sku-preview-summary">
        新增 {grid.newCount} 个 SKU{grid.droppingCount > 0 ? `，${grid.droppingCount} 个将停用` : ''}；条码不填则按条码前缀自动生成
      </div>
    </div>
  );
}
