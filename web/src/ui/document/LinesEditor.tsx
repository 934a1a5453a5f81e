import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Select, Table, type InputRef, type TableColumnType } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { STOCK_BARCODE_MAX, type QuantityRule } from '@erp/shared';
import { QuantityInput } from '../quantity/QuantityInput.tsx';
import { RowDeleteButton } from './RowDeleteButton.tsx';
import { addToLines, editorTotals, gridToLines, LINE_QUANTITY_RULE, removeLine, setLineShelf, updateLine, type EditorLine, type PickedSku, type SizeGrid } from './lines-rules.ts';
import './lines-editor.css';

/** The shelves a line may name: the column and the new lines' shelf (absent: no shelves at all). */
export interface LinesEditorShelves {
  options: { value: number; label: string }[];
  loading: boolean;
  /** false until the document's warehouse is chosen (the selects say 先选择仓库) */
  enabled: boolean;
}

/** What the page's 按款号添加 dialog gets: it adds a style's colour × size quantities. */
export interface StyleGridSlot {
  open: boolean;
  onClose: () => void;
  /** once closed: the focus goes back to the barcode box */
  returnFocus: () => void;
  onAdd: (skus: PickedSku[], grid: SizeGrid) => void;
}

export interface LinesEditorProps {
  value: readonly EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  /** the SKU of a scanned or typed barcode; rejects with the message to show (e.g. 条码“…”不存在) */
  lookup: (barcode: string) => Promise<PickedSku>;
  shelves?: LinesEditorShelves | null;
  /** the page's 按款号添加 dialog (absent: no such button) */
  styleGrid?: (slot: StyleGridSlot) => ReactNode;
  /** show the 箱号 column (default false) */
  showBoxNo?: boolean;
  /** header of the quantity column (default 数量) */
  quantityTitle?: string;
  /** what a line's quantity may be (default 1–STOCK_QUANTITY_MAX, required); the form checks the same rule */
  quantityRule?: QuantityRule;
  /** more columns right after the quantity column (e.g. a refund's 单价 and 金额) */
  extraColumns?: readonly TableColumnType<EditorLine>[];
  /** more figures after 共 n 行 / 合计 n 件 (e.g. the amount) */
  extraTotals?: ReactNode;
  disabled?: boolean;
}

/**
 * 明细录入 (the document kit): lines of a document being entered — add by scanning or typing a
 * barcode (one piece per Enter, in the order scanned however fast the lookups answer) or by a
 * style's colour × size grid; shelf and quantity per line (a bad quantity kept as typed, red);
 * delete; totals. The page brings the lookups, the shelves and the grid dialog.
 */
export function LinesEditor({
  value,
  onChange,
  lookup,
  shelves = null,
  styleGrid,
  showBoxNo = false,
  quantityTitle = '数量',
  quantityRule = LINE_QUANTITY_RULE,
  extraColumns = [],
  extraTotals,
  disabled,
}: LinesEditorProps) {
  const showShelf = shelves !== null;
  const [barcode, setBarcode] = useState('');
  const [shelfId, setShelfId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [gridOpen, setGridOpen] = useState(false);
  const input = useRef<InputRef>(null);
  // scanners type faster than lookups answer: lines are read from here, not from a stale render
  const latest = useRef(value);
  latest.current = value;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const defaultShelf = shelves?.options.some((o) => o.value === shelfId) ? shelfId : null;

  const addBarcode = (code: string) => {
    queue.current = queue.current.then(async () => {
      setLooking(true);
      try {
        const sku = await lookup(code);
        setProblem(null);
        const next = addToLines(latest.current, sku, 1, defaultShelf);
        latest.current = next;
        onChange(next);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      } finally {
        setLooking(false);
        input.current?.focus();
      }
    });
  };

  const submitBarcode = () => {
    const code = barcode.trim();
    setBarcode('');
    if (!code) return;
    if (code.length > STOCK_BARCODE_MAX) {
      setProblem(`条码“${code.slice(0, 20)}”不存在`);
      return;
    }
    addBarcode(code);
  };

  const columns: TableColumnType<EditorLine>[] = [
    { key: 'no', title: '#', width: 48, render: (_, __, i) => i + 1 },
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 150, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    ...(showShelf
      ? [
          {
            key: 'shelf',
            title: '货架',
            width: 150,
            render: (_: unknown, line: EditorLine) => (
              <Select<number>
                size="small"
                allowClear
                placeholder="不指定"
                style={{ width: 136 }}
                disabled={disabled || !shelves?.enabled}
                value={line.shelfId ?? undefined}
                options={shelves?.options}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(id) => onChange(setLineShelf(value, line.key, id ?? null))}
                data-testid={`line-shelf-${line.barcode}`}
              />
            ),
          },
        ]
      : []),
    {
      key: 'quantity',
      title: quantityTitle,
      width: 110,
      render: (_, line) => (
        <QuantityInput
          disabled={disabled}
          rule={quantityRule}
          value={line.quantity}
          onChange={(q) => onChange(updateLine(value, line.key, { quantity: q }))}
          aria-label={`${line.styleNo} ${line.colourName} ${line.sizeName} ${quantityTitle}`}
          testId={`line-qty-${line.barcode}`}
        />
      ),
    },
    ...extraColumns,
    ...(showBoxNo
      ? [
          {
            key: 'boxNo',
            title: '箱号',
            width: 110,
            render: (_: unknown, line: EditorLine) => (
              <Input size="small" maxLength={32} disabled={disabled} value={line.boxNo} onChange={(e) => onChange(updateLine(value, line.key, { boxNo: e.target.value }))} />
            ),
          },
        ]
      : []),
    {
      key: 'delete',
      title: '操作',
      width: 64,
      render: (_, line) => <RowDeleteButton disabled={disabled} onDelete={() => onChange(removeLine(value, line.key))} testId={`line-delete-${line.barcode}`} />,
    },
  ];

  const totals = editorTotals(value);
  return (
    <div className="doc-editor" data-testid="doc-lines-editor">
      <div className="doc-editor__bar">
        <Input
          ref={input}
          className="doc-editor__barcode"
          placeholder="扫描或输入条码，回车添加"
          value={barcode}
          disabled={disabled}
          onChange={(e) => setBarcode(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            submitBarcode();
          }}
          // always a suffix: toggling it remounts the <input> and drops the scanner's focus
          suffix={<span className="doc-editor__looking">{looking ? '查找中…' : ''}</span>}
          autoComplete="off"
          data-testid="doc-editor-barcode"
        />
        {shelves ? (
          <Select<number>
            allowClear
            placeholder={shelves.enabled ? '新行的货架（可不选）' : '先选择仓库'}
            style={{ width: 200 }}
            disabled={disabled || !shelves.enabled}
            value={defaultShelf ?? undefined}
            options={shelves.options}
            loading={shelves.loading}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(id) => setShelfId(id ?? null)}
            data-testid="doc-editor-shelf"
          />
        ) : null}
        {styleGrid ? (
          <Button icon={<AppstoreAddOutlined />} disabled={disabled} onClick={() => setGridOpen(true)} data-testid="doc-editor-add-style">
            按款号添加
          </Button>
        ) : null}
      </div>
      {problem ? <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(null) }} style={{ marginBottom: 12 }} data-testid="doc-editor-error" /> : null}
      <Table<EditorLine>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={value as EditorLine[]}
        scroll={{ x: 'max-content' }}
        pagination={value.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: '暂无明细：扫描条码或按款号添加' }}
      />
      <div className="doc-editor__totals" data-testid="doc-editor-totals">
        <span>共 {totals.lines} 行</span>
        <span>合计 {totals.quantity} 件</span>
        {extraTotals}
      </div>
      {styleGrid?.({
        open: gridOpen,
        onClose: () => setGridOpen(false),
        returnFocus: () => input.current?.focus(),
        onAdd: (skus, grid) => {
          onChange(gridToLines(value, skus, grid, defaultShelf));
          setGridOpen(false);
        },
      })}
    </div>
  );
}
