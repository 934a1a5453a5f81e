import { formatYuan } from '@erp/shared';
import type { ReactNode } from 'react';
import { BarcodeSvg } from '../BarcodeSvg.tsx';
import { priceText, styleGridBlocks } from '../../ui/document/style-grid-rules.ts';
import { moneyInWords, sortLines } from '../print-format.ts';
import type { OutboundSheet, TransferSheet } from '../print-types.ts';
import { QrSvg } from '../QrSvg.tsx';

export const COMPANY = '衣尚服饰';

/** The company and the title; with a document number, its Code 128 and QR on the right. */
export function DocumentHead({ title, number }: { title: string; number?: string }) {
  return (
    <header className="doc__head">
      <div>
        <div className="doc__company">{COMPANY}</div>
        <h1 className="doc__title">{title}</h1>
      </div>
      {number ? (
        <div className="doc__codes">
          <div>
            <BarcodeSvg value={number} format="CODE128" widthMm={58} barHeightMm={9} fontMm={0} />
            <div className="doc__number">{number}</div>
          </div>
          <QrSvg value={number} sizeMm={18} />
        </div>
      ) : null}
    </header>
  );
}

/** The header items: 标签：值, three to a row. */
export function Info({ items, className }: { items: [string, ReactNode][]; className?: string }) {
  return (
    <section className={className ? `doc__info ${className}` : 'doc__info'}>
      {items.map(([label, value]) => (
        <div key={label}>
          <span>{label}：</span>
          <b>{value || '--'}</b>
        </div>
      ))}
    </section>
  );
}

type ItemLine = Pick<TransferSheet['lines'][number], 'styleNo' | 'name' | 'colour' | 'size' | 'barcode' | 'quantity'>;

/** The columns both sheets start with: 序号 … 数量. */
export function ItemHeadCells() {
  return (
    <>
      <th className="center">序号</th>
      <th>款号</th>
      <th>品名</th>
      <th>颜色</th>
      <th className="center">尺码</th>
      <th>条码</th>
      <th className="num">数量</th>
    </>
  );
}

export function ItemCells({ line, row }: { line: ItemLine; row: number }) {
  return (
    <>
      <td className="center">{row}</td>
      <td>{line.styleNo}</td>
      <td>{line.name}</td>
      <td>{line.colour}</td>
      <td className="center">{line.size}</td>
      <td className="code">{line.barcode}</td>
      <td className="num">{line.quantity}</td>
    </>
  );
}

export function Signs({ names }: { names: string[] }) {
  return (
    <section className="doc__signs">
      {names.map((name) => (
        <div key={name}>{name}：</div>
      ))}
    </section>
  );
}

/** 出库单: A4, lines by style, colour and size; totals and the amount in capitals. */
export function OutboundTemplate({ sheet }: { sheet: OutboundSheet }) {
  return (
    <article className="sheet doc">
      <DocumentHead title={sheet.title ?? '出库单'} number={sheet.number} />
      <Info
        items={[
          ['单号', sheet.number],
          [sheet.dateLabel ?? '出库日期', sheet.date],
          ['制单人', sheet.maker],
          [sheet.fromLabel ?? '发货仓库', sheet.fromWarehouse],
          [sheet.toLabel ?? '收货方', sheet.to],
          ...(sheet.extraInfo ?? []),
        ]}
      />
      {sheet.layout === 'grid' ? <GridLines sheet={sheet} /> : <PricedLines sheet={sheet} />}
      <div className="doc__words">合计金额（大写）：{moneyInWords(sheet.totalAmountFen)}</div>
      <div className="doc__remark">备注：{sheet.remark || '--'}</div>
      <Signs names={sheet.signs ?? ['制单', '仓库发货', '承运人', '收货签收']} />
    </article>
  );
}

/** 按款横排: per style a colour × size table of quantities with row and column totals, its price and amount. */
export function GridLines({ sheet }: { sheet: Pick<OutboundSheet, 'lines' | 'totalQuantity' | 'totalAmountFen'> }) {
  const blocks = styleGridBlocks(sheet.lines);
  return (
    <>
      {blocks.map((block) => (
        <table key={block.styleNo} className="doc__grid">
          <thead>
            <tr className="doc__grid-style">
              <th colSpan={block.sizes.length + 2}>
                <span>款号：{block.styleNo}</span>
                <span>品名：{block.name}</span>
                <span>单价：{priceText(block.pricesFen)}</span>
                <span>数量：{block.quantity}</span>
                <span>金额：{formatYuan(block.amountFen)}</span>
              </th>
            </tr>
            <tr>
              <th>颜色 \ 尺码</th>
              {block.sizes.map((size) => (
                <th key={size} className="center">
                  {size}
                </th>
              ))}
              <th className="num">合计</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.colour}>
                <td>{row.colour}</td>
                {row.cells.map((cell, i) => (
                  <td key={block.sizes[i]} className="center">
                    {cell ? cell.quantity : ''}
                  </td>
                ))}
                <td className="num">{row.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>合计</td>
              {block.columnTotals.map((total, i) => (
                <td key={block.sizes[i]} className="center">
                  {total.quantity}
                </td>
              ))}
              <td className="num">{block.quantity}</td>
            </tr>
          </tfoot>
        </table>
      ))}
      <div className="doc__grid-total">
        合计（{blocks.length} 款，{sheet.lines.length} 个SKU）：数量 {sheet.totalQuantity}，金额 {formatYuan(sheet.totalAmountFen)}
      </div>
    </>
  );
}

function PricedLines({ sheet }: { sheet: OutboundSheet }) {
  return (
    <table>
      <thead>
        <tr>
          <ItemHeadCells />
          <th className="num">单价</th>
          <th className="num">金额</th>
        </tr>
      </thead>
      <tbody>
        {sortLines(sheet.lines).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; two lines may share a barcode, so the position completes the key
          <tr key={`${line.barcode}-${i}`}>
            <ItemCells line={line} row={i + 1} />
            <td className="num">{formatYuan(line.unitPriceFen)}</td>
            <td className="num">{formatYuan(line.amountFen)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={6}>合计（{sheet.lines.length} 行）</td>
          <td className="num">{sheet.totalQuantity}</td>
          <td />
          <td className="num">{formatYuan(sheet.totalAmountFen)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** 调拨单: A4, warehouse to warehouse, quantities only. */
export function TransferTemplate({ sheet }: { sheet: TransferSheet }) {
  return (
    <article className="sheet doc">
      <DocumentHead title={sheet.title ?? '调拨单'} number={sheet.number} />
      <Info
        items={[
          ['单号', sheet.number],
          ['日期', sheet.date],
          [
            '状态',
            <span key="status" className="doc__status">
              {sheet.status}
            </span>,
          ],
          [sheet.fromLabel ?? '调出仓库', sheet.fromWarehouse],
          [sheet.toLabel ?? '调入仓库', sheet.toWarehouse],
          ['制单人', sheet.maker],
        ]}
      />
      <table>
        <thead>
          <tr>
            <ItemHeadCells />
          </tr>
        </thead>
        <tbody>
          {sortLines(sheet.lines).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; two lines may share a barcode, so the position completes the key
            <tr key={`${line.barcode}-${i}`}>
              <ItemCells line={line} row={i + 1} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={6}>合计（{sheet.lines.length} 行）</td>
            <td className="num">{sheet.totalQuantity}</td>
          </tr>
        </tfoot>
      </table>
      <div className="doc__remark">备注：{sheet.remark || '--'}</div>
      <Signs names={sheet.title && sheet.title !== '调拨单' ? ['制单', '仓库确认', '审核'] : ['制单', '调出仓确认', '承运人', '调入仓签收']} />
    </article>
  );
}
