import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Spin } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan, SALES_ORDER_REMARK_MAX, SEASON_KIND_LABELS, type CatalogueBuyer, type SalesOrderEntryStyle, type SalesOrderInput } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { orderingApi, orderingKeys } from '../../../api/ordering.ts';
import { BuyerPicker } from '../purchase/CataloguePage.tsx';
import { loadBuyer, saveBuyer } from '../purchase/remembered-buyer.ts';
import { SubmitConfirm } from './order-actions.tsx';
import { OrderFundsNote } from './OrderFundsNote.tsx';
import { entryLines, entryRuns, styleEntryProblem, styleTotals } from './order-entry-rules.ts';
import { OrderStyleEntry } from './OrderStyleEntry.tsx';
import { salesOrderInfoPath, salesOrderKeys, salesOrdersApi, useSalesOrder } from '../../../api/sales-orders.ts';
import { MoneyText } from '../../../ui/money/index.ts';

type Values = Record<number, number | null | undefined>;

/** 新建订货单 / 编辑 (?id=): season, buyer and receiving shop, styles entered on the size-run grid, 保存草稿 / 提交. */
export function SalesOrderAddPage() {
  const [params] = useSearchParams();
  const editId = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : null;
  const existing = useSalesOrder(editId);
  if (editId !== null && !existing.data) return existing.isError ? <Alert type="error" showIcon title="订货单加载失败" /> : <Spin style={{ margin: 48 }} />;
  return <OrderEntry key={editId ?? 'new'} editing={existing.data ?? null} />;
}

function OrderEntry({ editing }: { editing: import('@erp/shared').SalesOrderDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const seasons = useQuery({ queryKey: orderingKeys.openSeasons, queryFn: ({ signal }) => orderingApi.openSeasons(signal) });
  const [seasonId, setSeasonId] = useState<number | null>(editing?.seasonId ?? null);
  // a new order starts from the buyer and shop this user chose last (订货 or here)
  const [remembered] = useState(() => (editing ? null : loadBuyer()));
  const [buyer, setBuyer] = useState<CatalogueBuyer | null>(
    editing ? { type: editing.buyerType, id: editing.buyerId, code: '', name: editing.buyerName, description: '' } : (remembered?.buyer ?? null),
  );
  const [shopId, setShopId] = useState<number | null>(editing?.shopId ?? remembered?.shopId ?? null);
  useEffect(() => {
    if (!editing && buyer) saveBuyer({ buyer, shopId });
  }, [editing, buyer, shopId]);
  const [productIds, setProductIds] = useState<number[]>(() => [...new Set(editing?.lines.map((l) => l.productId) ?? [])]);
  const [values, setValues] = useState<Values>(() => Object.fromEntries(editing?.lines.map((l) => [l.skuId, l.ordered]) ?? []));
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    if (seasonId === null && seasons.data?.length) setSeasonId(seasons.data[0]!.id);
  }, [seasonId, seasons.data]);
  // a shop buyer receives itself
  useEffect(() => {
    if (buyer?.type === 'shop') setShopId(buyer.id);
  }, [buyer]);

  const choice = buyer ? { buyerType: buyer.type, buyerId: buyer.id } : null;
  const shops = useQuery({ queryKey: orderingKeys.buyers(''), queryFn: ({ signal }) => orderingApi.buyers('', signal) });
  const shopOptions = (shops.data?.buyers ?? []).filter((b) => b.type === 'shop').map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }));
  const found = useQuery({
    queryKey: [...orderingKeys.catalogue, 'entry', seasonId, choice, keyword],
    queryFn: ({ signal }) => orderingApi.catalogue(choice, { page: 1, limit: 20, seasonId: seasonId ?? undefined, keyword: keyword || undefined } as never, signal),
    enabled: seasonId !== null && buyer !== null,
    placeholderData: keepPreviousData,
  });
  const styleQueries = useQuery({
    queryKey: ['sales-orders', 'entry-styles', seasonId, choice, productIds],
    queryFn: ({ signal }) => Promise.all(productIds.map((id) => salesOrdersApi.entryStyle(id, seasonId!, choice, signal))),
    enabled: seasonId !== null && buyer !== null && productIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const styles: SalesOrderEntryStyle[] = productIds.length === 0 ? [] : (styleQueries.data ?? []);
  const problems = styles.map((s) => styleEntryProblem(s, values)).filter(Boolean);
  const lines = entryLines(styles, values);
  const runs = entryRuns(styles, values);
  const totals = styles.reduce((t, s) => ({ pieces: t.pieces + styleTotals(s, values).pieces, amountFen: t.amountFen + styleTotals(s, values).amountFen }), {
    pieces: 0,
    amountFen: 0,
  });
  const blocked =
    seasonId === null ? '请选择订货季' : !buyer ? '请选择购货方' : !shopId ? '请选择收货门店' : (problems[0] ?? (lines.length + runs.length === 0 ? '请至少订购一件商品' : null));
  const season = seasons.data?.find((s) => s.id === seasonId);

  const save = async (andSubmit: boolean) => {
    if (blocked) return;
    setSaving(andSubmit ? 'submit' : 'draft');
    setFailure(null);
    // saved and submitted in one transaction: a refused submission saves nothing
    const input: SalesOrderInput = { seasonId: seasonId!, buyerType: buyer!.type, buyerId: buyer!.id, shopId, remark, lines, runs, submit: andSubmit };
    try {
      // what was typed stays on the page whatever fails
      const order = editing ? await salesOrdersApi.update(editing.id, input, INLINE_ERROR) : await salesOrdersApi.create(input, INLINE_ERROR);
      client.setQueryData(salesOrderKeys.detail(order.id), order);
      void client.invalidateQueries({ queryKey: salesOrderKeys.all });
      toast().success(andSubmit ? '提交成功' : '保存成功');
      navigate(salesOrderInfoPath(order.id));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '保存失败，请稍后重试');
    } finally {
      setSaving(null);
    }
  };

  const options = useMemo(
    () =>
      (found.data?.records ?? [])
        .filter((r) => !productIds.includes(r.productId))
        .map((r) => ({ value: r.productId, label: `${r.styleNo} ${r.name} · ${formatYuan(r.unitPriceFen)}` })),
    [found.data, productIds],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card title={editing ? `编辑订货单 ${editing.orderNo}` : '新建订货单'} size="small">
        <Form layout="inline">
          <Form.Item label="订货季" required>
            <Select<number>
              style={{ width: 260 }}
              value={seasonId ?? undefined}
              onChange={(id) => {
                setSeasonId(id);
                setProductIds([]);
                setValues({});
              }}
              options={(seasons.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${SEASON_KIND_LABELS[s.kind]}）` }))}
              placeholder={seasons.data?.length === 0 ? '今天没有开放的订货季' : '请选择订货季'}
              data-testid="so-season"
            />
          </Form.Item>
          <Form.Item label="购货方" required>
            <BuyerPicker value={buyer} onChange={setBuyer} testId="so-buyer" />
          </Form.Item>
          <Form.Item label="收货门店" required>
            <Select<number>
              style={{ width: 220 }}
              value={shopId ?? undefined}
              onChange={setShopId}
              disabled={buyer?.type === 'shop'}
              options={buyer?.type === 'shop' ? [{ value: buyer.id, label: buyer.name }] : shopOptions}
              placeholder="请选择收货门店"
              data-testid="so-shop"
            />
          </Form.Item>
        </Form>
      </Card>
      <Card
        size="small"
        title={season ? `款式（${SEASON_KIND_LABELS[season.kind]}${season.kind === 'spot' ? '：格内为总部可订库存' : '：期货预订'}）` : '款式'}
        extra={
          <Select<number>
            style={{ width: 360 }}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="搜索款号或品名，加入订单"
            value={null as never}
            onChange={(id) => setProductIds((ids) => [...ids, id])}
            options={options}
            loading={found.isFetching}
            disabled={!buyer || seasonId === null}
            notFoundContent="没有可订的款式"
            data-testid="so-add-style"
          />
        }
      >
        {styleQueries.isError ? <Alert type="error" showIcon title="款式加载失败，请稍后重试" /> : null}
        {productIds.length === 0 ? <Empty description="从右上角搜索款式加入订单" /> : null}
        <Space orientation="vertical" style={{ width: '100%' }}>
          {styles.map((style) => (
            <OrderStyleEntry
              key={style.productId}
              style={style}
              values={values}
              onChange={setValues}
              onRemove={() => {
                setProductIds((ids) => ids.filter((id) => id !== style.productId));
                setValues((v) => Object.fromEntries(Object.entries(v).filter(([sku]) => !style.skus.some((k) => k.skuId === Number(sku)))));
              }}
            />
          ))}
        </Space>
      </Card>
      <Card size="small">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={2}
            maxLength={SALES_ORDER_REMARK_MAX}
            placeholder="备注（选填）"
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            data-testid="so-remark"
          />
          <Space wrap>
            <span data-testid="so-totals">
              合计 {totals.pieces} 件 · <MoneyText fen={totals.amountFen} />
            </span>
            <OrderFundsNote seasonId={seasonId} buyer={choice} shopId={shopId} using={totals} usingLabel="本单后" />
            <Button onClick={() => void save(false)} disabled={!!blocked} loading={saving === 'draft'} data-testid="so-save">
              保存草稿
            </Button>
            <SubmitConfirm onConfirm={() => void save(true)} disabled={!!blocked || saving !== null}>
              <Button type="primary" disabled={!!blocked} loading={saving === 'submit'} data-testid="so-submit">
                提交
              </Button>
            </SubmitConfirm>
            {blocked && lines.length + runs.length > 0 ? <span style={{ color: '#cf1322' }}>{blocked}</span> : null}
          </Space>
          {failure ? <Alert type="error" showIcon title={failure} data-testid="so-error" /> : null}
        </Space>
      </Card>
    </Space>
  );
}
