import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareSizes,
  FIGURE_KEYS,
  COUNTED_REPORT_STATUSES,
  lineFigures,
  lineOutstanding,
  shanghaiToday,
  sumFigures,
  type FiguresPage,
  type OrderFigures,
  type ShippingDetailRecord,
  type StyleSummaryRecord,
} from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { OLD_DAY, reportCalls, reportWorld, type ReportWorld } from './sales-reports-test-kit.ts';

// 订货报表 through the routes: who sees which orders, what is left out (drafts), bad filters, and
// every total equal to the sum of the lines it covers.

let t: TestApp;
let w: ReportWorld;
let api: ReturnType<typeof reportCalls>;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await reportWorld(t);
  api = reportCalls(t);
  clerk = await t.login('clerk01');
});
afterAll(() => t?.close());

const shipping = (session: string, query = '') => api.data(`/shipping?limit=500&${query}`, session) as Promise<FiguresPage<ShippingDetailRecord>>;
const orderNos = (page: { records: { orderNo: string }[] }) => [...new Set(page.records.map((r) => r.orderNo))].sort();
const pick = (figures: OrderFigures) => Object.fromEntries(FIGURE_KEYS.map((k) => [k, figures[k]]));

/** Every reported line (past draft) straight from the tables, figured by the shared rule. */
async function linesInDb(where: { agentId?: number; shopId?: number } = {}) {
  let q = t.db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select(['o.status', 'l.ordered', 'l.approved', 'l.allocated', 'l.shipped', 'l.received', 'l.unit_price_fen as unitPriceFen'])
    // what a report counts unless a status is chosen: rejected and cancelled orders are left out
    .where('o.status', 'in', COUNTED_REPORT_STATUSES);
  if (where.agentId) q = q.where('o.agent_id', '=', where.agentId);
  if (where.shopId) q = q.where('o.shop_id', '=', where.shopId);
  return q.execute();
}

describe('scope and permission', () => {
  it('HQ sees every order past draft; agent01 its own and its shops; shop01 the orders it receives', async () => {
    const o = w.orders;
    const all = [o.shopSubmitted, o.agentShipping, o.shopOfAgentAudited, o.otherShipped, o.old].map((x) => x.orderNo).sort();
    expect(orderNos(await shipping(w.admin))).toEqual(expect.arrayContaining(all));
    expect(orderNos(await shipping(w.admin))).not.toContain(o.shopDraft.orderNo);
    // a rejected order is left out unless its status is chosen (issue 26)
    expect(orderNos(await shipping(w.admin))).not.toContain(o.agentRejected.orderNo);
    expect(orderNos(await shipping(w.agent01, 'status=rejected'))).toEqual([o.agentRejected.orderNo]);
    expect(orderNos(await shipping(w.agent01))).toEqual([o.shopSubmitted, o.agentShipping, o.shopOfAgentAudited, o.old].map((x) => x.orderNo).sort());
    expect(orderNos(await shipping(w.shop01))).toEqual([o.shopSubmitted, o.shopOfAgentAudited, o.old].map((x) => x.orderNo).sort());

    const agentBuyers = (await api.data('/summary/buyers?limit=100', w.agent01)).records.map((r: { buyerCode: string }) => r.buyerCode).sort();
    // SH002's only order as buyer was rejected
    expect(agentBuyers).toEqual(['AG001', 'SH001']);
    const shopStyles = (await api.data('/summary/styles?limit=100', w.shop01)).records.map((r: StyleSummaryRecord) => r.styleNo).sort();
    expect(shopStyles).toEqual([w.styles[0]!.styleNo, w.styles[1]!.styleNo].sort());
    const options = await api.data('/options', w.agent01);
    expect(options.shops.map((s: { code: string }) => s.code)).toEqual(['SH001', 'SH002']);
    expect(options.buyers.map((b: { code: string }) => b.code)).toEqual(['AG001', 'SH001', 'SH002']);
    expect((await api.data('/options', w.shop01)).shops.map((s: { code: string }) => s.code)).toEqual(['SH001']);
  });

  it('refuses a supplier and an account without the codes with 403 on every report', async () => {
    const today = shanghaiToday();
    for (const path of [
      '/shipping',
      '/summary/styles',
      '/summary/buyers',
      '/summary/seasons',
      `/bill?buyerType=shop&buyerId=${w.ids.sh001}&from=${today}&to=${today}`,
      '/options',
    ]) {
      for (const session of [w.supplier01, clerk]) {
        const res = await api.get(path, session);
        expect([res.status, res.body.code], path).toEqual([403, 'A0301']);
      }
    }
  });
});

describe('figures', () => {
  it('each line carries the shared rule; the totals are the sum of the lines, for every scope', async () => {
    for (const [session, where] of [
      [w.admin, {}],
      [w.agent01, { agentId: w.ids.ag001 }],
      [w.shop01, { shopId: w.ids.sh001 }],
    ] as const) {
      const page = await shipping(session);
      for (const r of page.records) {
        expect(lineFigures(r)).toMatchObject({ orderedAmountFen: r.orderedAmountFen, shippedAmountFen: r.shippedAmountFen, outstanding: r.outstanding });
        expect(r.outstanding).toBe(lineOutstanding(r));
      }
      expect(page.totals).toEqual(sumFigures(page.records));
      expect(page.totals).toEqual(sumFigures(await linesInDb(where)));
      for (const group of ['buyers', 'seasons', 'styles']) {
        const summary = await api.data(`/summary/${group}?limit=100`, session);
        expect(pick(summary.totals), group).toEqual(page.totals);
        const added = Object.fromEntries(FIGURE_KEYS.map((k) => [k, summary.records.reduce((s: number, r: OrderFigures) => s + r[k], 0)]));
        expect(added, group).toEqual(pick(page.totals));
      }
    }
  });

  it("agent01's partly shipped order: the cut, allocated, shipped, received and outstanding pieces", async () => {
    const page = await shipping(w.agent01, `orderNo=${w.orders.agentShipping.orderNo}`);
    const rows = page.records.map((r) => [r.ordered, r.approved, r.allocated, r.shipped, r.received, r.outstanding, r.status]);
    expect(rows.sort((a, b) => Number(b[0]) - Number(a[0]))).toEqual([
      [10, 8, 2, 5, 3, 3, 'partly_shipped'],
      [6, 6, 0, 6, 6, 0, 'partly_shipped'],
      [4, 4, 4, 0, 0, 4, 'partly_shipped'],
    ]);
    expect(page.totals).toMatchObject({ ordered: 20, approved: 18, allocated: 6, shipped: 11, received: 9, outstanding: 7 });
    const only = await shipping(w.agent01, `orderNo=${w.orders.agentShipping.orderNo}&outstanding=true`);
    expect(only.records.map((r) => r.outstanding).sort()).toEqual([3, 4]);
    expect(only.totals.outstanding).toBe(7);
  });

  it('a closed, a shipped and a rejected order have nothing outstanding; a submitted one waits for what it ordered', async () => {
    for (const order of [w.orders.old, w.orders.otherShipped, w.orders.agentRejected]) {
      const page = await shipping(w.admin, `orderNo=${order.orderNo}&status=${order.status}`);
      expect(page.totals.outstanding, order.orderNo).toBe(0);
      expect(page.records.length, order.orderNo).toBe(order.lines.length);
    }
    const submitted = await shipping(w.admin, `orderNo=${w.orders.shopSubmitted.orderNo}`);
    expect(submitted.totals.outstanding).toBe(w.orders.shopSubmitted.totalQuantity);
  });

  it('by style: each grid is the measure per colour and size, colours add up to the style', async () => {
    const lines = (await shipping(w.admin)).records;
    for (const measure of ['ordered', 'shipped', 'outstanding'] as const) {
      const page = await api.data(`/summary/styles?limit=100&measure=${measure}`, w.admin);
      for (const style of page.records as StyleSummaryRecord[]) {
        const mine = lines.filter((l) => l.styleNo === style.styleNo);
        expect(style.total).toBe(mine.reduce((s, l) => s + l[measure], 0));
        expect(style[measure]).toBe(style.total);
        // the style's whole run, in size order
        expect(style.sizes.map((z) => z.name)).toEqual(style.sizes.map((z) => z.name).sort(compareSizes));
        style.rows.forEach((row, i) => {
          style.sizes.forEach((size, j) => {
            const cell = mine.filter((l) => l.colourName === row.colourName && l.sizeName === size.name).reduce((s, l) => s + l[measure], 0);
            expect(row.quantities[j], `${style.styleNo} ${row.colourName} ${size.name}`).toBe(cell);
          });
          expect(style.colours[i]![measure]).toBe(row.total);
        });
        for (const key of FIGURE_KEYS)
          expect(
            style.colours.reduce((s, c) => s + c[key], 0),
            key,
          ).toBe(style[key]);
      }
    }
  });
});

describe('filters', () => {
  it('by season, buyer, receiving shop, style, order no., status and order date', async () => {
    const count = async (query: string) => (await shipping(w.admin, query)).records.length;
    const all = await count('');
    expect(await count(`seasonId=${w.ids.spot}`)).toBe(all);
    expect(await count(`seasonId=${w.ids.ended}`)).toBe(0);
    expect(orderNos(await shipping(w.admin, `buyerType=shop&buyerId=${w.ids.sh002}`))).toEqual([]);
    expect(orderNos(await shipping(w.admin, `buyerType=shop&buyerId=${w.ids.sh002}&status=rejected`))).toEqual([w.orders.agentRejected.orderNo]);
    expect(orderNos(await shipping(w.admin, `shopId=${w.ids.sh003}`))).toEqual([w.orders.otherShipped.orderNo]);
    expect((await shipping(w.admin, `keyword=${w.styles[1]!.styleNo.toLowerCase()}`)).records.every((r) => r.styleNo === w.styles[1]!.styleNo)).toBe(true);
    expect(orderNos(await shipping(w.admin, 'status=rejected'))).toEqual([w.orders.agentRejected.orderNo]);
    expect(orderNos(await shipping(w.admin, `from=${OLD_DAY}&to=${OLD_DAY}`))).toEqual([w.orders.old.orderNo]);
    // sorted by what is outstanding, most first
    const sorted = (await shipping(w.admin, 'sort=outstanding&order=desc')).records.map((r) => r.outstanding);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    const paged = await api.data('/shipping?limit=10&page=2&sort=styleNo&order=asc', w.admin);
    expect([paged.total, paged.totals]).toEqual([all, (await shipping(w.admin)).totals]);
  });

  it('answers a bad filter with 422 and a Chinese message, on every report', async () => {
    for (const [query, msg] of [
      ['status=draft', '订单状态不正确（草稿不在报表中）'],
      [`buyerType=agent`, '购货方类型和编号须同时提供'],
      ['buyerType=party&buyerId=1', '购货方类型只能是 agent 或 shop'],
      ['from=2026-03-02&to=2026-03-01', '结束日期不能早于开始日期'],
      ['from=2026-02-30', '日期不存在或不在1900—2099年之间，请输入正确的日期'],
      ['seasonId=abc', '订货季编号不正确'],
      ['sort=price', '不支持按“price”排序'],
      ['limit=7', '每页条数只能是'],
    ]) {
      for (const path of ['/shipping', '/summary/styles', '/summary/buyers']) {
        const res = await api.get(`${path}?${query}`, w.admin);
        expect([res.status, res.body.code], `${path}?${query}`).toEqual([422, 'A0400']);
        expect(res.body.msg).toContain(msg);
      }
    }
    for (const [path, msg] of [
      ['/shipping?outstanding=yes', '只看未发完只能是 true 或 false'],
      ['/summary/styles?measure=value', '尺码横排项目只能是'],
    ]) {
      const res = await api.get(path, w.admin);
      expect([res.status, res.body.code], path).toEqual([422, 'A0400']);
      expect(res.body.msg).toContain(msg);
    }
  });
});

describe('订货对账单', () => {
  const today = shanghaiToday();
  const bill = (session: string, query: string) => api.get(`/bill?limit=100&${query}`, session);

  it("one buyer's orders in the period: approved amounts of audited orders only, shipped amounts, totals", async () => {
    const res = await bill(w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&from=${OLD_DAY}&to=${today}`);
    expect(res.body.code, res.raw).toBe('201');
    const data = res.body.data;
    expect(data.buyer).toMatchObject({ type: 'shop', id: w.ids.sh001, code: 'SH001' });
    expect(data.records.map((r: { orderNo: string }) => r.orderNo).sort()).toEqual(
      [w.orders.shopSubmitted, w.orders.shopOfAgentAudited, w.orders.old].map((o) => o.orderNo).sort(),
    );
    const submitted = data.records.find((r: { orderNo: string }) => r.orderNo === w.orders.shopSubmitted.orderNo);
    expect([submitted.approvedAmountFen, submitted.shippedAmountFen]).toEqual([null, 0]);
    const old = data.records.find((r: { orderNo: string }) => r.orderNo === w.orders.old.orderNo);
    expect([old.status, old.approvedAmountFen, old.shippedQuantity, old.shippedAmountFen]).toEqual([
      'closed',
      w.orders.old.approvedAmountFen,
      2,
      2 * w.orders.old.lines[0]!.unitPriceFen,
    ]);
    expect(data.totals).toEqual({
      orderCount: 3,
      approvedQuantity: w.orders.shopOfAgentAudited.approvedQuantity! + w.orders.old.approvedQuantity!,
      approvedAmountFen: w.orders.shopOfAgentAudited.approvedAmountFen! + w.orders.old.approvedAmountFen!,
      shippedQuantity: 2,
      shippedAmountFen: old.shippedAmountFen,
    });
    // the period is by order date
    const lately = (await bill(w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&from=${shanghaiToday(new Date(Date.now() - 100 * 86_400_000))}&to=${today}`)).body.data;
    expect(lately.totals.orderCount).toBe(2);
  });

  it('a rejected order is listed and counts nothing approved', async () => {
    const data = (await bill(w.agent01, `buyerType=shop&buyerId=${w.ids.sh002}&from=${today}&to=${today}`)).body.data;
    expect(data.records.map((r: { status: string; approvedAmountFen: number | null }) => [r.status, r.approvedAmountFen])).toEqual([['rejected', null]]);
    expect(data.totals).toEqual({ orderCount: 1, approvedQuantity: 0, approvedAmountFen: 0, shippedQuantity: 0, shippedAmountFen: 0 });
  });

  it('an agent: itself by default or its shops; a shop: itself only; HQ must choose', async () => {
    const range = `from=${today}&to=${today}`;
    const own = (await bill(w.agent01, range)).body.data;
    expect(own.buyer).toMatchObject({ type: 'agent', code: 'AG001' });
    expect(own.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([w.orders.agentShipping.orderNo]);
    const shipped = new Map([
      [w.styles[0]!.skus[0]!.id, 5],
      [w.styles[0]!.skus[1]!.id, 6],
    ]);
    expect(own.totals.shippedAmountFen).toBe(w.orders.agentShipping.lines.reduce((s, l) => s + (shipped.get(l.skuId) ?? 0) * l.unitPriceFen, 0));
    expect((await bill(w.shop01, range)).body.data.buyer).toMatchObject({ type: 'shop', code: 'SH001' });
    for (const [session, query] of [
      [w.agent01, `buyerType=shop&buyerId=${w.ids.sh003}`],
      [w.agent01, `buyerType=agent&buyerId=${w.ids.ag002}`],
      [w.shop01, `buyerType=shop&buyerId=${w.ids.sh002}`],
      [w.shop01, `buyerType=agent&buyerId=${w.ids.ag001}`],
      [w.admin, 'buyerType=shop&buyerId=999999'],
    ] as const) {
      const res = await bill(session, `${query}&${range}`);
      expect([res.status, res.body.code], query).toEqual([404, 'A0404']);
    }
    for (const [session, query, msg] of [
      [w.admin, range, '请选择购货方'],
      [w.admin, `buyerType=shop&buyerId=${w.ids.sh001}`, '请选择对账期间'],
      [w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&from=${today}`, '请选择对账期间'],
      [w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&from=2025-01-01&to=2026-01-02`, '对账期间不能超过366天'],
      [w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&from=2026-01-02&to=2026-01-01`, '结束日期不能早于开始日期'],
      [w.agent01, `buyerId=${w.ids.sh001}&${range}`, '购货方类型和编号须同时提供'],
    ] as const) {
      const res = await bill(session, query);
      expect([res.status, res.body.code, res.body.msg], query).toEqual([422, 'A0400', msg]);
    }
  });
});
