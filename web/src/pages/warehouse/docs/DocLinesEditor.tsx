import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Select, Table, Tooltip, type InputRef, type TableColumnType } from 'antd';
import { AppstoreAddOutlined, DeleteOutlined } from '@ant-design/icons';
import { STOCK_BARCODE_MAX, type QuantityRule } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { ApiError } from '../../../api/request.ts';
import { docItemsApi, skuOfHit } from './doc-items-api.ts';
import { useShelfOptions } from './doc-hooks.ts';
import { addToLines, editorTotals, gridToLines, LINE_QUANTITY_RULE, removeLine, setLineShelf, updateLine, type EditorLine } from './doc-rules.ts';
import { SizeGridModal } from './SizeGridModal.tsx';
import './stock-docs.css';

export interface DocLinesEditorProps {
  value: readonly EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  /** the shelves offered are this warehouse's; null: pick a warehouse first (no shelf select) */
  warehouseId: number | null;
  /** goods leave this warehouse: 按款号添加 shows what it holds per cell (null: no figures) */
  stockWarehouseId?: number | null;
  /** show the 货架 column (default true) */
  showShelf?: boolean;
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
 * Lines of a document being entered: add by scanning or typing a barcode (one piece per Enter)
 * or by a style's colour × size grid; shelf and quantity per line; delete; totals.
 */
export function DocLinesEditor({
  value,
  onChange,
  warehouseId,
  stockWarehouseId = null,
  showShelf = true,
  showBoxNo = false,
  quantityTitle = '数量',
  quantityRule = LINE_QUANTITY_RULE,
  extraColumns = [],
  extraTotals,
  disabled,
}: DocLinesEditorProps) {
  const shelves = useShelfOptions(showShelf ? warehouseId : null);
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
  const defaultShelf = showShelf && shelves.options.some((o) => o.value === shelfId) ? shelfId : null;

  const addBarcode = (code: string) => {
    queue.current = queue.current.then(async () => {
      setLooking(true);
      try {
        const hit = await docItemsApi.byBarcode(code);
        if (hit.status !== 'active') {
          setProblem(`条码“${code}”对应的SKU已停用`);
          return;
        }
        setProblem(null);
        const next = addToLines(latest.current, skuOfHit(hit), 1, defaultShelf);
        latest.current = next;
        onChange(next);
      } catch (error) {
        setProblem(error instanceof ApiError && error.status === 404 ? `条码“${code}”不存在` : error instanceof Error ? error.message : String(error));
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
                disabled={disabled || !warehouseId}
                value={line.shelfId ?? undefined}
                options={shelves.options}
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
      render: (_, line) => (
        <Tooltip title="删除该行">
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange(removeLine(value, line.key))}
            aria-label="删除"
            data-testid={`line-delete-${line.barcode}`}
          />
        </Tooltip>
      ),
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
        {showShelf ? (
          <Select<number>
            allowClear
            placeholder={warehouseId ? '新行的货架（可不选）' : '先选择仓库'}
            style={{ width: 200 }}
            disabled={disabled || !warehouseId}
            value={defaultShelf ?? undefined}
            options={shelves.options}
            loading={shelves.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(id) => setShelfId(id ?? null)}
            data-testid="doc-editor-shelf"
          />
        ) : null}
        <Button icon={<AppstoreAddOutlined />} disabled={disabled} onClick={() => setGridOpen(true)} data-testid="doc-editor-add-style">
          按款号添加
        </Button>
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
      <SizeGridModal
        open={gridOpen}
        onClose={() => setGridOpen(false)}
        returnFocus={() => input.current?.focus()}
        stockWarehouseId={stockWarehouseId}
        onAdd={(skus, grid) => {
          onChange(gridToLines(value, skus, grid, defaultShelf));
          setGridOpen(false);
        }}
      />
    </div>
  );
}
