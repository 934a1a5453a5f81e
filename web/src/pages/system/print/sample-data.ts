import type {
  CompositionPart,
  HangtagItem,
  LabelItem,
  OutboundLine,
  OrderConfirmSheet,
  OutboundSheet,
  ParcelSheet,
  PrintPayloads,
  StatementLine,
  StatementSheet,
  TransferSheet,
  WashLabelItem,
} from '../../../print/print-types.ts';

/** Sample apparel data for the previews (2026 秋冬). Barcodes are valid EAN-13 unless noted. */
const BRAND = '衣尚';
const COAT = { styleNo: 'YS26W1001', name: '女式双面羊毛大衣', retailPriceFen: 129900 };
const DRESS = { styleNo: 'YS26W2003', name: '女式针织连衣裙', retailPriceFen: 59900 };
const COAT_BARCODES: Record<string, Record<string, string>> = {
  驼色: { S: '6926013100121', M: '6926013100138', L: '6926013100145', XL: '6926013100152' },
  黑色: { S: '6926013100220', M: '6926013100237', L: '6926013100244', XL: '6926013100251' },
};
const DRESS_BARCODES: Record<string, string> = { S: '6926013200111', M: '6926013200128' };

const COAT_COMPOSITION: CompositionPart[] = [
  {
    part: '面料',
    fibres: [
      { name: '羊毛', percent: 80 },
      { name: '锦纶', percent: 20 },
    ],
  },
  { part: '里料', fibres: [{ name: '聚酯纤维', percent: 100 }] },
];

export const SAMPLE_HANGTAG: HangtagItem = {
  brand: BRAND,
  ...COAT,
  colour: '驼色',
  size: 'M',
  grade: '一等品',
  safetyCategory: 'GB 18401-2010 B类',
  standard: 'GB/T 2665-2017',
  composition: COAT_COMPOSITION,
  barcode: COAT_BARCODES['驼色'].M,
  copies: 1,
  qrUrl: 'https://yishang.example.com/p/YS26W1001',
};

const labels: LabelItem[] = [
  { brand: BRAND, ...COAT, colour: '驼色', size: 'M', barcode: COAT_BARCODES['驼色'].M, copies: 1 },
  // an in-house SKU code: not EAN-13, prints as Code 128
  { brand: BRAND, ...DRESS, colour: '黑色', size: 'S', barcode: 'YS26W2003-BK-S', copies: 1 },
];

const washlabels: WashLabelItem[] = [
  {
    brand: BRAND,
    styleNo: COAT.styleNo,
    composition: COAT_COMPOSITION,
    care: [
      { symbol: 'no-wash', text: '不可水洗' },
      { symbol: 'no-bleach', text: '不可漂白' },
      { symbol: 'no-tumble-dry', text: '不可翻转干燥' },
      { symbol: 'flat-dry', text: '平摊晾干' },
      { symbol: 'iron-low', text: '熨斗底板最高温度110°C' },
      { symbol: 'dry-clean', text: '常规干洗' },
    ],
    standard: 'GB/T 2665-2017',
    safetyCategory: 'GB 18401-2010 B类',
    grade: '一等品',
    origin: '中国浙江',
    copies: 1,
  },
  {
    brand: BRAND,
    styleNo: DRESS.styleNo,
    composition: [
      {
        fibres: [
          { name: '粘纤', percent: 70 },
          { name: '锦纶', percent: 27 },
          { name: '氨纶', percent: 3 },
        ],
      },
    ],
    care: [
      { symbol: 'hand-wash', text: '30°C以下手洗' },
      { symbol: 'no-bleach', text: '不可漂白' },
      { symbol: 'flat-dry', text: '平摊晾干' },
      { symbol: 'iron-low', text: '低温熨烫' },
      { text: '深色衣物请分开洗涤' },
    ],
    standard: 'FZ/T 81004-2022',
    safetyCategory: 'GB 18401-2010 B类',
    grade: '合格品',
    origin: '中国浙江',
    copies: 1,
  },
];

/** Supply price to franchise shops: 60% of retail. */
const SUPPLY = 0.6;
function line(goods: typeof COAT, colour: string, size: string, barcode: string, quantity: number): OutboundLine {
  const unitPriceFen = Math.round(goods.retailPriceFen * SUPPLY);
  return { styleNo: goods.styleNo, name: goods.name, colour, size, barcode, quantity, unitPriceFen, amountFen: unitPriceFen * quantity };
}

const outboundLines: OutboundLine[] = [
  line(COAT, '驼色', 'XL', COAT_BARCODES['驼色'].XL, 2),
  line(COAT, '驼色', 'S', COAT_BARCODES['驼色'].S, 2),
  line(COAT, '驼色', 'M', COAT_BARCODES['驼色'].M, 4),
  line(COAT, '驼色', 'L', COAT_BARCODES['驼色'].L, 4),
  line(COAT, '黑色', 'M', COAT_BARCODES['黑色'].M, 3),
  line(COAT, '黑色', 'S', COAT_BARCODES['黑色'].S, 2),
  line(COAT, '黑色', 'L', COAT_BARCODES['黑色'].L, 3),
  line(DRESS, '黑色', 'M', DRESS_BARCODES.M, 5),
  line(DRESS, '黑色', 'S', DRESS_BARCODES.S, 5),
];

const outbound: OutboundSheet = {
  number: 'CK20261121001',
  date: '2026-11-21',
  fromWarehouse: '杭州中心仓',
  to: '衣尚·杭州湖滨银泰店',
  lines: outboundLines,
  totalQuantity: outboundLines.reduce((sum, l) => sum + l.quantity, 0),
  totalAmountFen: outboundLines.reduce((sum, l) => sum + l.amountFen, 0),
  remark: '秋冬新品首批铺货，请到货当日清点签收。',
  maker: '系统管理员',
};

const transferLines = outboundLines.slice(0, 7).map(({ styleNo, name, colour, size, barcode, quantity }) => ({ styleNo, name, colour, size, barcode, quantity }));

const transfer: TransferSheet = {
  number: 'DB20261121003',
  date: '2026-11-21',
  fromWarehouse: '杭州中心仓',
  toWarehouse: '宁波前置仓',
  status: '待出库',
  lines: transferLines,
  totalQuantity: transferLines.reduce((sum, l) => sum + l.quantity, 0),
  remark: '宁波天一广场店补货。',
  maker: '系统管理员',
};

const OPENING_FEN = 2_860_000;
const statementEntries: StatementLine[] = (
  [
    ['2026-11-03', '订货发货', 'FH20261103-0002', 'DH20261028-0005', 1_918_200, '秋冬新品首批'],
    ['2026-11-08', '收款', 'SK20261108-0001', '', -2_000_000, '银行转账'],
    ['2026-11-15', '订货发货', 'FH20261115-0004', 'DH20261112-0001', 659_800, ''],
    ['2026-11-20', '退货', 'TH20261120-0001', 'FH20261103-0002', -129_900, '质量问题退回'],
  ] as const
).reduce<StatementLine[]>((lines, [businessDay, entryLabel, documentNo, originNo, amountFen, memo]) => {
  const before = lines.at(-1)?.runningFen ?? OPENING_FEN;
  lines.push({ businessDay, entryLabel, documentNo, originNo, amountFen, runningFen: before + amountFen, memo });
  return lines;
}, []);

const statement: StatementSheet = {
  partyTypeLabel: '代理商',
  partyCode: 'AG001',
  partyName: '杭州衣尚服饰贸易有限公司',
  balanceLabel: '应收',
  from: '2026-11-01',
  to: '2026-11-30',
  openingFen: OPENING_FEN,
  increaseFen: statementEntries.reduce((sum, e) => sum + Math.max(e.amountFen, 0), 0),
  decreaseFen: statementEntries.reduce((sum, e) => sum - Math.min(e.amountFen, 0), 0),
  closingFen: statementEntries.at(-1)?.runningFen ?? OPENING_FEN,
  entries: statementEntries,
  confirmation: { byName: '张敏', at: '2026-12-02 10:15:00', matches: true },
  printedAt: '2026-12-03 09:00:00',
};

const order: OrderConfirmSheet = {
  number: 'DH20261121-0003',
  date: '2026-11-21',
  seasonName: '2026秋冬现货',
  status: '待审核',
  buyer: '衣尚·杭州湖滨银泰店',
  billed: '杭州衣尚服饰贸易有限公司（代理商）',
  shop: '衣尚·杭州湖滨银泰店',
  lines: outboundLines,
  totalQuantity: outbound.totalQuantity,
  totalAmountFen: outbound.totalAmountFen,
  remark: '请于本周内审核发货。',
  maker: '王晓燕',
  printedAt: '2026-11-21 15:30:00',
};

const parcel: ParcelSheet = {
  title: '退货单',
  number: 'TH20261125-0001',
  date: '2026-11-25',
  status: '已审核',
  shop: '衣尚·杭州湖滨银泰店',
  fromWarehouse: '湖滨银泰店仓',
  toWarehouse: '杭州中心仓',
  lines: transferLines.slice(0, 3),
  totalQuantity: transferLines.slice(0, 3).reduce((sum, l) => sum + l.quantity, 0),
  reason: '面料起球，顾客退回',
  remark: '箱内附退货单一份。',
};

/** The sample payload of each kind; the hang tag's first item is the one edited on the page. */
export function samplePayloads(hangtag: HangtagItem): PrintPayloads {
  const second: HangtagItem = { ...hangtag, colour: '黑色', size: 'L', barcode: COAT_BARCODES['黑色'].L, qrUrl: undefined };
  return { label: labels, hangtag: [hangtag, second], washlabel: washlabels, outbound, transfer, statement, order, parcel };
}
