import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_KIND_LABELS, RETURN_REASON_MAX, RETURN_REMARK_MAX, ReturnMessages, type ReturnDetail, type ReturnInput, type ReturnKind } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { toast } from '../../../api/feedback.ts';
import { returnKeys, returnPath, returnsApi, useReturnDetail, useReturnSeasons, useReturnShops } from '../returns-api.ts';
import { backProblem, backTotals, linesOf, valuesOf } from './return-rules.ts';
import { AllowanceBar, ReturnBackGrids } from './ReturnBackGrids.tsx';
import { SwapOutLines, useOutStyles } from './SwapOutLines.tsx';

/**
 * 新建/编辑 退货单 or 换货单: the shop and season, what goes back (scan or grid, within what it may
 * return and the allowance), for a swap what comes instead, and why. Saving keeps the draft;
 * 保存并提交 also submits it. Whatever the server refuses stays on the page with its message.
 */
function ReturnForm({ kind, editing }: { kind: ReturnKind; editing: ReturnDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const api = returnsApi(kind);
  const label = kind === 'return' ? '退货' : '换货';
  const shops = useReturnShops(kind);
  const saved = editing ? valuesOf(editing) : null;
  const [shopId, setShopId] = useState<number | null>(editing?.shopId ?? null);
  const [seasonId, setSeasonId] = useState<number | null>(editing?.seasonId ?? null);
  // whose goods come back when the shop holds pieces of several buyers (null: the server's default, the shop's own)
  const [buyerKey, setBuyerKey] = useState<string | null>(editing?.buyerKey ?? null);
  const seasons = useReturnSeasons(kind, shopId);
  const [back, setBack] = useState<RunValues>(saved?.back ?? {});
  const [out, setOut] = useState<RunValues>(saved?.out ?? {});
  const [outProducts, setOutProducts] = useState<number[]>(saved?.outStyles ?? []);
  const [reason, setReason] = useState(editing?.reason ?? '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);

  // one shop to choose from (a shop account): it is the shop
  useEffect(() => {
    if (shopId === null && shops.data?.length === 1) setShopId(shops.data[0]!.id);
  }, [shopId, shops.data]);
  // the season the shop received goods in most recently, once the shop is known
  useEffect(() => {
    if (editing || shopId === null || !seasons.data) return;
    if (seasonId === null || !seasons.data.some((s) => s.id === seasonId)) setSeasonId(seasons.data[0]?.id ?? null);
  }, [editing, shopId, seasonId, seasons.data]);

  const returnable = useQuery({
    queryKey: returnKeys.returnable(kind, shopId, seasonId, editing?.id ?? null, buyerKey),
    queryFn: ({ signal }) => api.returnable({ shopId: shopId!, seasonId: seasonId!, exceptId: editing?.id ?? null, buyerKey }, signal),
    enabled: shopId !== null && seasonId !== null,
    placeholderData: keepPreviousData,
  });
  const answer = returnable.data;
  const buyer = answer?.skus.length ? { buyerType: answer.buyerType, buyerId: answer.buyerId } : null;
  const outStyles = useOutStyles(seasonId, buyer, outProducts);
  const totals = answer ? backTotals(answer.skus, back) : { pieces: 0, amountFen: 0 };
  const outLines = linesOf(out);
  const problem =
    shopId === null
      ? ReturnMessages.shopRequired
      : seasonId === null
        ? ReturnMessages.seasonRequired
        : (backProblem(answer, back, kind) ??
          (kind === 'swap' && outLines.length === 0 ? ReturnMessages.noOutLines : null) ??
          (reason.trim() ? null : ReturnMessages.reasonRequired));

  const save = async (andSubmit: boolean) => {
    if (problem) return;
    setSaving(andSubmit ? 'submit' : 'draft');
    setFailure(null);
    const input: ReturnInput = {
      shopId: shopId!,
      seasonId: seasonId!,
      // the buyer whose 可退 the form showed: the server spreads over that buyer's order lines
      buyerKey: answer?.buyerKey || null,
      reason: reason.trim(),
      remark: remark.trim(),
      lines: linesOf(back),
      ...(kind === 'swap' ? { outLines } : {}),
    };
    try {
      // what was entered stays on the page whatever fails
      let doc = editing ? await api.update(editing.id, input, INLINE_ERROR) : await api.create(input, INLINE_ERROR);
      if (andSubmit) doc = await api.action(doc.id, 'submit', {}, INLINE_ERROR);
      client.setQueryData(returnKeys.detail(kind, doc.id), doc);
      void client.invalidateQueries({ queryKey: returnKeys.all(kind) });
      toast().success(andSubmit ? '提交成功' : '保存成功');
      navigate(returnPath(kind, 'info', doc.id));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '保存失败，请稍后重试');
    } finally {
      setSaving(null);
    }
  };

  const resetLines = () => {
    setBack({});
    setOut({});
    setOutProducts([]);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12} data-testid="return-form">
      <Card title={editing ? `编辑${RETURN_KIND_LABELS[kind]} ${editing.returnNo}` : `新建${RETURN_KIND_LABELS[kind]}`} size="small">
        <Form layout="inline">
          <Form.Item label="门店" required>
            <Select<number>
              style={{ width: 260 }}
              value={shopId ?? undefined}
              onChange={(id) => {
                setShopId(id);
                setSeasonId(null);
                setBuyerKey(null);
                resetLines();
              }}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
              showSearch={{ optionFilterProp: 'label' }}
              disabled={!!editing || shops.data?.length === 1}
              placeholder="请选择门店"
              data-testid="return-shop"
            />
          </Form.Item>
          <Form.Item label="订货季" required>
            <Select<number>
              style={{ width: 220 }}
              value={seasonId ?? undefined}
              onChange={(id) => {
                setSeasonId(id);
                setBuyerKey(null);
                resetLines();
              }}
              options={(seasons.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              disabled={!!editing || shopId === null}
              placeholder={shopId === null ? '请先选择门店' : seasons.data?.length === 0 ? '该门店还没有收到过货品' : '请选择订货季'}
              data-testid="return-season"
            />
          </Form.Item>
          {answer && answer.buyers.length > 1 ? (
            <Form.Item label="购货方" required tooltip="门店收到的货品来自不同购货方的订货单时，一张单据只退其中一方的货">
              <Select<string>
                style={{ width: 300 }}
                value={answer.buyerKey}
                onChange={(key) => {
                  setBuyerKey(key);
                  resetLines();
                }}
                options={answer.buyers.map((b) => ({ value: b.key, label: `${b.buyerName}订货（结算方：${b.billedName}）` }))}
                data-testid="return-buyer"
              />
            </Form.Item>
          ) : null}
          <Form.Item label={`${label}原因`} required>
            <Input
              style={{ width: 300 }}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={RETURN_REASON_MAX}
              placeholder="如 尺码偏小，顾客退回"
              data-testid="return-reason"
            />
          </Form.Item>
          <Form.Item label="备注">
            <Input style={{ width: 240 }} value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={RETURN_REMARK_MAX} data-testid="return-remark" />
          </Form.Item>
        </Form>
      </Card>
      {returnable.isError ? <Alert type="error" showIcon title={(returnable.error as Error).message} /> : null}
      {answer && answer.skus.length > 0 ? <AllowanceBar answer={answer} amountFen={totals.amountFen} label={label} /> : null}
      <Card size="small" title={kind === 'swap' ? '退回商品' : '退货商品'}>
        {answer ? <ReturnBackGrids answer={answer} values={back} onChange={setBack} /> : returnable.isFetching ? <Spin /> : <span>请先选择门店和订货季</span>}
      </Card>
      {kind === 'swap' ? (
        <SwapOutLines
          seasonId={seasonId}
          buyer={buyer}
          productIds={outProducts}
          onProducts={setOutProducts}
          styles={outStyles.data ?? []}
          values={out}
          onChange={setOut}
          loadError={outStyles.isError ? (outStyles.error as Error).message : null}
        />
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} data-testid="return-failure" /> : null}
      <Card size="small">
        <Space wrap>
          <Button onClick={() => save(false)} loading={saving === 'draft'} disabled={!!problem || saving !== null} data-testid="return-save">
            保存草稿
          </Button>
          <Button type="primary" onClick={() => save(true)} loading={saving === 'submit'} disabled={!!problem || saving !== null} data-testid="return-submit">
            保存并提交
          </Button>
          <Button onClick={() => navigate(editing ? returnPath(kind, 'info', editing.id) : returnPath(kind, 'index'))}>取消</Button>
          {problem ? (
            <span style={{ color: '#d46b08' }} data-testid="return-problem">
              {problem}
            </span>
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}

function ReturnFormRoute({ kind }: { kind: ReturnKind }) {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const detail = useReturnDetail(kind, id);
  if (id === null) return <ReturnForm kind={kind} editing={null} />;
  if (detail.isError) return <Alert type="error" showIcon title={(detail.error as Error).message} />;
  if (!detail.data) return <Spin style={{ margin: 48 }} />;
  if (detail.data.status !== 'draft') return <Alert type="warning" showIcon title={`${detail.data.returnNo}当前为「${detail.data.statusLabel}」，不能编辑`} />;
  return <ReturnForm key={detail.data.id} kind={kind} editing={detail.data} />;
}

export const ReturnAddPage = () => <ReturnFormRoute kind="return" />;
export const SwapAddPage = () => <ReturnFormRoute kind="swap" />;
