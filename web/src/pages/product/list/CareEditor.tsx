import { Button, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_CARE_SYMBOLS, ProductLimits } from '@erp/shared';
import { CareSymbolIcon } from '../../../print/templates/CareSymbolIcon.tsx';
import { CARE_SYMBOL_LABELS, careRowProblem, type CareRow, type CareSymbol } from './product-form-rules.ts';

const SYMBOL_OPTIONS = PRODUCT_CARE_SYMBOLS.map((symbol) => ({
  value: symbol,
  label: (
    <span className="product-care__option">
      <span className="product-care__icon">
        <CareSymbolIcon symbol={symbol} />
      </span>
      {CARE_SYMBOL_LABELS[symbol]}
    </span>
  ),
  search: CARE_SYMBOL_LABELS[symbol],
}));

export interface CareEditorProps {
  value?: CareRow[];
  onChange?: (value: CareRow[]) => void;
  disabled?: boolean;
}

/** 洗涤说明 (wash label): each line a care symbol and its words (up to 32 characters). */
export function CareEditor({ value, onChange, disabled }: CareEditorProps) {
  const rows = value ?? [];
  const set = (next: CareRow[]) => onChange?.(next);
  const setRow = (index: number, patch: Partial<CareRow>) => set(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const pickSymbol = (index: number, symbol: CareSymbol | undefined) => {
    const row = rows[index]!;
    // an empty text (or the previous symbol's name) follows the symbol
    const follows = !row.text.trim() || (row.symbol !== undefined && row.text === CARE_SYMBOL_LABELS[row.symbol]);
    const next: CareRow = { text: follows ? (symbol ? CARE_SYMBOL_LABELS[symbol] : '') : row.text };
    if (symbol) next.symbol = symbol;
    set(rows.map((r, i) => (i === index ? next : r)));
  };

  return (
    <div className="product-care" data-testid="product-form-care">
      {rows.map((row, index) => {
        const problem = careRowProblem(row);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: care rows carry no id and every field is controlled from the row at its position, so the position is the row's identity (the test ids use it too)
          <div key={index} className="product-care__row">
            <Select<CareSymbol>
              value={row.symbol}
              onChange={(symbol) => pickSymbol(index, symbol)}
              options={SYMBOL_OPTIONS}
              showSearch={{ optionFilterProp: 'search' }}
              allowClear
              placeholder="洗涤符号（可不选）"
              disabled={disabled}
              style={{ width: 190 }}
              data-testid={`care-${index}-symbol`}
            />
            <Input
              value={row.text}
              onChange={(event) => setRow(index, { text: event.target.value })}
              maxLength={ProductLimits.careTextMax}
              showCount
              placeholder="说明文字，如 30℃以下手洗"
              status={problem ? 'error' : undefined}
              disabled={disabled}
              style={{ width: 240 }}
              data-testid={`care-${index}-text`}
            />
            <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除" disabled={disabled} onClick={() => set(rows.filter((_, i) => i !== index))} />
          </div>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rows.length >= ProductLimits.careMax} onClick={() => set([...rows, { text: '' }])} data-testid="care-add">
        添加洗涤说明
      </Button>
    </div>
  );
}
