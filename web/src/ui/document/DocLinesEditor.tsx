import { ApiError } from '../../api/request.ts';
import { LinesEditor, type LinesEditorProps, type StyleGridSlot } from './LinesEditor.tsx';
import { skuOfHit, type PickedSku } from './lines-rules.ts';
import { docItemsApi } from '../../api/doc-items.ts';
import { useShelfOptions } from '../../api/use-warehouse-options.ts';
import { SizeGridModal } from './SizeGridModal.tsx';
import './stock-docs.css';

export interface DocLinesEditorProps extends Omit<LinesEditorProps, 'lookup' | 'shelves' | 'styleGrid'> {
  /** the shelves offered are this warehouse's; null: pick a warehouse first (no shelf select) */
  warehouseId: number | null;
  /** goods leave this warehouse: 按款号添加 shows what it holds per cell (null: no figures) */
  stockWarehouseId?: number | null;
  /** show the 货架 column (default true) */
  showShelf?: boolean;
}

/** A SKU by barcode as the document lines take it; an unknown or disabled one says so. */
async function lookupSku(code: string): Promise<PickedSku> {
  try {
    const hit = await docItemsApi.byBarcode(code);
    if (hit.status !== 'active') throw new Error(`条码“${code}”对应的SKU已停用`);
    return skuOfHit(hit);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(`条码“${code}”不存在`);
    throw error;
  }
}

/** The kit's lines editor (ui/document/LinesEditor.tsx) on the stock documents' lookups, shelves and style grid. */
export function DocLinesEditor({ warehouseId, stockWarehouseId = null, showShelf = true, ...editor }: DocLinesEditorProps) {
  const shelves = useShelfOptions(showShelf ? warehouseId : null);
  const grid = (slot: StyleGridSlot) => (
    <SizeGridModal
      open={slot.open}
      onClose={slot.onClose}
      returnFocus={slot.returnFocus}
      stockWarehouseId={stockWarehouseId}
      onAdd={(skus, quantities) => slot.onAdd(skus, quantities)}
    />
  );
  return (
    <LinesEditor
      {...editor}
      lookup={lookupSku}
      shelves={showShelf ? { options: shelves.options, loading: shelves.isFetching, enabled: warehouseId !== null } : null}
      styleGrid={grid}
    />
  );
}
