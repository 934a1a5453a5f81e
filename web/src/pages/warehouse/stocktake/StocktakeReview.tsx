import { useMemo, useState } from 'react';
import { Alert, Button, Card, Modal, Space, Switch, Table, type TableColumnType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { displayOrEmpty, type StockDocDetail } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';
import { keepDocAnswer, newIdempotencyKey, stockDocsApi } from '../../../api/stock-docs.ts';
import { SaveBlockedHint, QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { COUNT_RULE, editsProblem, postBody, varianceRows, varianceTotals, type CountEdits, type VarianceRow } from './stocktake-rules.ts';

const api = stockDocsApi('stocktake');

const itemColumns: TableColumnType<VarianceRow>[] = [
  { key: 'lineNo', title: '#', width: 56, render: (_, r) => r.line.lineNo },
  { key: 'styleNo', title: '款号', width: 120, render: (_, r) => r.line.styleNo || r.line.materialCode },
  { key: 'name', title: '名称', width: 160, ellipsis: true, render: (_, r) => r.line.productName || r.line.materialName },
  { key: 'colour', title: '颜色', width: 90, render: (_, r) => displayOrEmpty(r.line.colourName) },
  { key: 'size', title: '尺码', width: 70, render: (_, r) => displayOrEmpty(r.line.sizeName) },
  { key: 'barcode', title: '条码', width: 140, render: (_, r) => displayOrEmpty(r.line.barcode) },
  { key: 'shelf', title: '货架', width: 90, render: (_, r) => displayOrEmpty(r.line.shelfCode) },
  { key: 'book', title: '账面', width: 80, align: 'right', render: (_, r) => r.book },
];

/**
 * 差异审核 (auditors, while counting): book vs counted per line, counts may be corrected by hand
 * (an uncounted line counts as 0), then 审核过账 posts the variances and lifts the freeze.
 * `readOnly` shows the same list for a posted or voided count.
 */
export function StocktakeReview({ doc, readOnly = false, canPost = false }: { doc: StockDocDetail; readOnly?: boolean; canPost?: boolean }) {
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [edits, setEdits] = useState<CountEdits>({});
  const [onlyDiff, setOnlyDiff] = useState(readOnly);
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const all = useMemo(() => varianceRows(doc.lines, edits), [doc.lines, edits]);
  const rows = useMemo(() => (onlyDiff ? all.filter((r) => r.difference !== 0) : all), [all, onlyDiff]);
  const totals = varianceTotals(all);
  const uncounted = doc.lines.filter((l) => l.actualQuantity === null && (edits[l.id] === undefined || edits[l.id] === null)).length;
  // a bad 实盘 stays as typed (−1 is not turned into 0), red, and blocks 审核过账 until it is mended
  const blocked = readOnly ? null : editsProblem(doc.lines, edits);

  const columns: TableColumnType<VarianceRow>[] = [
    ...itemColumns,
    {
      key: 'counted',
      title: '实盘',
      width: 150,
      align: 'right',
      render: (_, r) =>
        readOnly ? (
          r.counted
        ) : (
          <QuantityInput
            rule={COUNT_RULE}
            // typed (even emptied) wins; else the scanned count
            value={r.line.id in edits ? edits[r.line.id] : r.line.actualQuantity}
            placeholder={r.line.actualQuantity === null ? '未盘=0' : `按扫描${r.line.actualQuantity}`}
            onChange={(q) => setEdits((e) => ({ ...e, [r.line.id]: q }))}
            aria-label={`第${r.line.lineNo}行 实盘`}
            testId={`review-count-${r.line.lineNo}`}
          />
        ),
    },
    { key: 'difference', title: '差异', width: 80, align: 'right', render: (_, r) => <DifferenceText value={r.difference} /> },
  ];

  const post = () => {
    const problem = editsProblem(doc.lines, edits);
    if (problem) return setError(problem);
    setError(null);
    void modal.confirm({
      title: `审核过账 ${doc.docNo}`,
      content: `按实盘数量调整库存：盘盈 ${totals.gain} 件，盘亏 ${totals.loss} 件${uncounted ? `（${uncounted} 行未盘到，按 0 计）` : ''}。过账后解除冻结。确定？`,
      okText: '审核过账',
      cancelText: '取消',
      onOk: async () => {
        setPosting(true);
        try {
          const detail = await api.action(doc.id, 'post', postBody(doc.lines, edits), newIdempotencyKey(), INLINE_ERROR);
          keepDocAnswer(client, detail);
          setEdits({});
          toast().success('审核过账成功');
        } catch (e) {
          // typed counts stay
          setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
        } finally {
          setPosting(false);
        }
      },
    });
  };

  return (
    <Card
      title={`差异明细：账面 ${totals.book}，实盘 ${totals.counted}，盘盈 ${totals.gain}，盘亏 ${totals.loss}`}
      extra={
        <Space>
          只看差异行
          <Switch checked={onlyDiff} onChange={setOnlyDiff} data-testid="variance-only" />
        </Space>
      }
      data-testid="stocktake-variance"
    >
      {holder}
      <Space orientation="vertical" style={{ width: '100%' }}>
        {!readOnly && uncounted ? <Alert type="warning" showIcon title={`${uncounted} 行未盘到：过账时按 0 计（盘亏），如实际有货请补扫或在「实盘」列填写`} /> : null}
        <Table<VarianceRow>
          size="small"
          rowKey={(r) => r.line.id}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.difference ? 'doc-row--differs' : '')}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` } : false}
          locale={{ emptyText: onlyDiff ? '没有差异' : '暂无明细' }}
          data-testid="variance-rows"
        />
        {error ? <Alert type="error" showIcon title={error} data-testid="variance-error" /> : null}
        {!readOnly ? (
          <div className="doc-form__actions">
            <SaveBlockedHint problem={blocked} />
            <Button type="primary" disabled={!canPost || !!blocked} loading={posting} onClick={post} data-testid="stocktake-post">
              审核过账
            </Button>
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
