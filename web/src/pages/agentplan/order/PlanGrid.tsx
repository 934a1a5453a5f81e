import { useMemo, useState } from 'react';
import { DownloadOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import {
  AGENT_PLAN_REMARK_MAX,
  AGENT_PLAN_TARGET_FEN_MAX,
  AGENT_PLAN_TARGET_PIECES_MAX,
  AgentPlanMessages,
  percentText,
  type AgentPlanGrid,
  type AgentPlanLine,
  type AgentPlanTotals,
} from '@erp/shared';
import { buildWorkbook, downloadFile, loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { fenToSheetYuan, moneyColumn, MoneyText, YuanInput } from '../../../ui/money/index.ts';
import type { PlanLineInput } from '../agent-plans-api.ts';
import { PlanPercent } from '../plan-figures.tsx';

type Row = AgentPlanLine & { key: string; shopName: string; shopCode: string; categoryPath: string };
type ShopRow = AgentPlanTotals & { id: number; name: string; code: string };
interface Draft {
  /** fen, typed in yuan */
  targetFen: number | null;
  targetPieces: number | null;
  remark: string;
}

const keyOf = (l: { shopId: number; categoryId: number }) => `${l.shopId}:${l.categoryId}`;
const byNumber = (f: (r: Row) => number | null) => (a: Row, b: Row) => (f(a) ?? -1) - (f(b) ?? -1);

/** The typed drafts as save lines, or the first problem (the grid shows it and saves nothing). */
export function draftLines(rows: readonly Row[], drafts: ReadonlyMap<string, Draft>): { lines: PlanLineInput[] } | { problem: string } {
  const lines: PlanLineInput[] = [];
  for (const row of rows) {
    const d = drafts.get(row.key);
    if (!d) continue;
    const where = `${row.shopName} · ${row.categoryPath}：`;
    const fen = d.targetFen ?? 0;
    if (!Number.isSafeInteger(fen) || fen < 0 || fen > AGENT_PLAN_TARGET_FEN_MAX) return { problem: where + AgentPlanMessages.targetFenInvalid };
    const pieces = d.targetPieces ?? 0;
    if (!Number.isSafeInteger(pieces) || pieces < 0 || pieces > AGENT_PLAN_TARGET_PIECES_MAX) return { problem: where + AgentPlanMessages.targetPiecesInvalid };
    if (d.remark.trim().length > AGENT_PLAN_REMARK_MAX) return { problem: where + AgentPlanMessages.remarkTooLong };
    if (fen === row.targetFen && pieces === row.targetPieces && d.remark.trim() === row.remark) continue;
    lines.push({ shopId: row.shopId, categoryId: row.categoryId, targetFen: fen, targetPieces: pieces, remark: d.remark.trim() });
  }
  return { lines };
}

/**
 * 订货计划's grid: each shop × category with its targets and progress, sortable; the shops' totals
 * below (a plan inside a planned parent category is not added twice). 编辑计划 turns the targets into
 * inputs; 保存 sends the changed cells in one batch.
 */
export function PlanGrid({ grid, canEdit, onSave }: { grid: AgentPlanGrid; canEdit: boolean; onSave: (lines: PlanLineInput[]) => Promise<void> }) {
  const [drafts, setDrafts] = useState<Map<string, Draft> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = drafts !== null;

  const rows = useMemo<Row[]>(() => {
    const paths = new Map(grid.categories.map((c) => [c.id, c.path]));
    return grid.shops.flatMap((s) => s.lines.map((l) => ({ ...l, key: keyOf(l), shopName: s.name, shopCode: s.code, categoryPath: paths.get(l.categoryId) ?? '' })));
  }, [grid]);
  const shopRows = useMemo<ShopRow[]>(() => grid.shops.map((s) => ({ id: s.id, name: s.name, code: s.code, ...s.totals })), [grid]);

  const startEditing = () => {
    setProblem(null);
    setDrafts(new Map(rows.map((r) => [r.key, { targetFen: r.planId === null ? null : r.targetFen, targetPieces: r.planId === null ? null : r.targetPieces, remark: r.remark }])));
  };
  const setDraft = (key: string, patch: Partial<Draft>) =>
    setDrafts((prev) => {
      const next = new Map(prev);
      next.set(key, { ...(prev?.get(key) ?? { targetFen: null, targetPieces: null, remark: '' }), ...patch });
      return next;
    });
  const save = async () => {
    if (!drafts) return;
    const checked = draftLines(rows, drafts);
    if ('problem' in checked) return setProblem(checked.problem);
    if (checked.lines.length === 0) return setDrafts(null);
    setSaving(true);
    try {
      await onSave(checked.lines);
      setDrafts(null);
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const exportExcel = async () => {
    const header = ['门店', '分类', '目标金额(元)', '已订金额(元)', '金额完成率', '目标件数', '已订件数', '件数完成率', '备注'];
    const line = (shop: string, category: string, t: AgentPlanTotals, remark: string) => [
      shop,
      category,
      fenToSheetYuan(t.targetFen),
      fenToSheetYuan(t.orderedFen),
      percentText(t.amountPercent),
      t.targetPieces,
      t.orderedPieces,
      percentText(t.piecesPercent),
      remark,
    ];
    const body = [
      ...rows.map((r) => line(`${r.shopName}（${r.shopCode}）`, r.categoryPath, r, r.remark)),
      ...shopRows.map((s) => line(`${s.name}（${s.code}）`, '门店合计', s, '')),
      line('合计', '', grid.totals, ''),
    ];
    const kinds = ['text', 'text', 'money', 'money', 'text', 'quantity', 'quantity', 'text', 'text'] as const;
    const bytes = await buildWorkbook(await loadExcel(), { title: `订货计划-${grid.agentName}`, header, rows: body, kinds: [...kinds] });
    downloadFile(bytes, `订货计划-${grid.agentName}.xlsx`);
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'shop',
      title: '门店',
      dataIndex: 'shopName',
      width: 180,
      sorter: (a, b) => a.shopCode.localeCompare(b.shopCode),
      render: (_, r) => <span title={r.shopCode}>{r.shopName}</span>,
    },
    { key: 'category', title: '分类', dataIndex: 'categoryPath', width: 120, sorter: (a, b) => a.categoryPath.localeCompare(b.categoryPath) },
    {
      key: 'targetFen',
      title: '目标金额',
      align: 'right',
      className: 'money-cell',
      width: 140,
      sorter: byNumber((r) => r.targetFen),
      render: (_, r) =>
        editing ? (
          <YuanInput
            minFen={0}
            maxFen={AGENT_PLAN_TARGET_FEN_MAX}
            style={{ width: 130 }}
            value={drafts.get(r.key)?.targetFen ?? null}
            onChange={(fen) => setDraft(r.key, { targetFen: fen })}
            data-testid={`plan-fen-${r.key}`}
          />
        ) : r.planId === null ? (
          '—'
        ) : (
          <MoneyText fen={r.targetFen} />
        ),
    },
    {
      ...moneyColumn<Row>({ key: 'orderedFen', title: '已订金额', width: 120, sorter: byNumber((r) => r.orderedFen) }),
      render: (_, r) => <MoneyText fen={r.orderedFen} data-testid={`plan-ordered-fen-${r.key}`} />,
    },
    {
      key: 'amountPercent',
      title: '金额完成率',
      width: 140,
      sorter: byNumber((r) => r.amountPercent),
      render: (_, r) => <PlanPercent percent={r.amountPercent} testId={`plan-fen-percent-${r.key}`} />,
    },
    {
      key: 'targetPieces',
      title: '目标件数',
      align: 'right',
      width: 110,
      sorter: byNumber((r) => r.targetPieces),
      render: (_, r) =>
        editing ? (
          <InputNumber<number>
            min={0}
            max={AGENT_PLAN_TARGET_PIECES_MAX}
            precision={0}
            style={{ width: 100 }}
            value={drafts.get(r.key)?.targetPieces ?? null}
            onChange={(v) => setDraft(r.key, { targetPieces: v })}
            data-testid={`plan-pieces-${r.key}`}
          />
        ) : r.planId === null ? (
          '—'
        ) : (
          r.targetPieces
        ),
    },
    {
      key: 'orderedPieces',
      title: '已订件数',
      align: 'right',
      width: 90,
      sorter: byNumber((r) => r.orderedPieces),
      render: (_, r) => <span data-testid={`plan-ordered-pieces-${r.key}`}>{r.orderedPieces}</span>,
    },
    {
      key: 'piecesPercent',
      title: '件数完成率',
      width: 140,
      sorter: byNumber((r) => r.piecesPercent),
      render: (_, r) => <PlanPercent percent={r.piecesPercent} testId={`plan-pieces-percent-${r.key}`} />,
    },
    {
      key: 'remark',
      title: '备注',
      width: 140,
      render: (_, r) =>
        editing ? (
          <Input
            maxLength={AGENT_PLAN_REMARK_MAX}
            value={drafts.get(r.key)?.remark ?? ''}
            onChange={(e) => setDraft(r.key, { remark: e.target.value })}
            data-testid={`plan-remark-${r.key}`}
          />
        ) : (
          r.remark || '—'
        ),
    },
  ];

  const shopColumns: TableColumnsType<ShopRow> = [
    { key: 'shop', title: '门店', width: 200, sorter: (a, b) => a.code.localeCompare(b.code), render: (_, s) => `${s.name}（${s.code}）` },
    moneyColumn<ShopRow>({ title: '目标金额', dataIndex: 'targetFen', width: 130, sorter: true }),
    moneyColumn<ShopRow>({ title: '已订金额', dataIndex: 'orderedFen', width: 130, sorter: true }),
    {
      key: 'amountPercent',
      title: '金额完成率',
      width: 140,
      sorter: (a, b) => (a.amountPercent ?? -1) - (b.amountPercent ?? -1),
      render: (_, s) => <PlanPercent percent={s.amountPercent} testId={`plan-shop-fen-percent-${s.id}`} />,
    },
    { key: 'targetPieces', title: '目标件数', dataIndex: 'targetPieces', align: 'right', width: 100, sorter: (a, b) => a.targetPieces - b.targetPieces },
    { key: 'orderedPieces', title: '已订件数', dataIndex: 'orderedPieces', align: 'right', width: 100, sorter: (a, b) => a.orderedPieces - b.orderedPieces },
    {
      key: 'piecesPercent',
      title: '件数完成率',
      width: 140,
      sorter: (a, b) => (a.piecesPercent ?? -1) - (b.piecesPercent ?? -1),
      render: (_, s) => <PlanPercent percent={s.piecesPercent} />,
    },
  ];

  const t = grid.totals;
  return (
    <div data-testid="plan-grid">
      <Space style={{ marginBottom: 12 }}>
        {canEdit && !editing ? (
          <Button type="primary" icon={<EditOutlined />} onClick={startEditing} data-testid="plan-edit">
            编辑计划
          </Button>
        ) : null}
        {editing ? (
          <>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="plan-save">
              保存
            </Button>
            <Button
              onClick={() => {
                setDrafts(null);
                setProblem(null);
              }}
              disabled={saving}
              data-testid="plan-cancel"
            >
              取消
            </Button>
          </>
        ) : null}
        <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} disabled={editing} data-testid="plan-export">
          导出 Excel
        </Button>
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="plan-problem" /> : null}
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="plan-lines"
        summary={() => (
          <Table.Summary.Row className="agent-plan__subtotal">
            <Table.Summary.Cell index={0} colSpan={2}>
              合计（{grid.shops.length}个门店）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <MoneyText fen={t.targetFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <MoneyText fen={t.orderedFen} data-testid="plan-total-ordered-fen" />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4}>
              <PlanPercent percent={t.amountPercent} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              {t.targetPieces}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {t.orderedPieces}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7}>
              <PlanPercent percent={t.piecesPercent} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} />
          </Table.Summary.Row>
        )}
      />
      <h3 style={{ margin: '20px 0 8px', fontSize: 15 }}>门店合计</h3>
      <Table<ShopRow> size="small" rowKey="id" columns={shopColumns} dataSource={shopRows} pagination={false} data-testid="plan-shop-totals" />
    </div>
  );
}
