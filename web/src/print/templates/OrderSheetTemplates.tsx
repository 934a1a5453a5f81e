import { moneyInWords, sortLines } from '../print-format.ts';
import { parcelTitle, type OrderConfirmSheet, type ParcelSheet } from '../print-types.ts';
import { DocumentHead, GridLines, Info, ItemCells, ItemHeadCells, Signs } from './DocumentTemplates.tsx';

/** 订货确认单: A4 — the order's parties, its lines 尺码横排 (style × colour rows, sizes as columns), totals in figures and in capitals. */
export function OrderConfirmTemplate({ sheet }: { sheet: OrderConfirmSheet }) {
  return (
    <article className="sheet doc">
      <DocumentHead title="订货确认单" number={sheet.number} />
      <Info
        items={[
          ['订货单号', sheet.number],
          ['订货日期', sheet.date],
          ['订货季', sheet.seasonName],
          ['购货方', sheet.buyer],
          ['结算方', sheet.billed],
          ['收货门店', sheet.shop],
          ['状态', sheet.status],
          ['制单人', sheet.maker],
          ['打印时间', sheet.printedAt],
        ]}
      />
      <GridLines sheet={sheet} />
      <div className="doc__words">合计金额（大写）：{moneyInWords(sheet.totalAmountFen)}</div>
      <div className="doc__remark">备注：{sheet.remark || '--'}</div>
      <Signs names={['购货方确认', '结算方确认', '总部审核', '日期']} />
    </article>
  );
}

/** 退货 / 换货装箱单: A4 — what goes in the parcel, with the shop and the number, a 核对 box per line. */
export function ParcelTemplate({ sheet }: { sheet: ParcelSheet }) {
  return (
    <article className="sheet doc">
      <DocumentHead title={parcelTitle(sheet.title)} number={sheet.number} />
      <Info
        items={[
          [`${sheet.title}号`, sheet.number],
          ['日期', sheet.date],
          ['状态', sheet.status],
          ['门店', sheet.shop],
          ['发货仓库', sheet.fromWarehouse],
          ['收货仓库', sheet.toWarehouse],
        ]}
      />
      <table>
        <thead>
          <tr>
            <ItemHeadCells />
            <th className="center">核对</th>
          </tr>
        </thead>
        <tbody>
          {sortLines(sheet.lines).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; two lines may share a barcode, so the position completes the key
            <tr key={`${line.barcode}-${i}`}>
              <ItemCells line={line} row={i + 1} />
              <td className="center">□</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={6}>合计（{sheet.lines.length} 行）</td>
            <td className="num">{sheet.totalQuantity}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <div className="doc__remark">原因：{sheet.reason || '--'}</div>
      <div className="doc__remark">备注：{sheet.remark || '--'}</div>
      <Signs names={['门店装箱', '承运人', '总部收货', '日期']} />
    </article>
  );
}
