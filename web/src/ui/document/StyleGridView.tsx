import { MoneyText } from '../money/index.ts';
import { priceText, styleGridBlocks, type StyleGridBlock, type StyleGridLine } from './style-grid-rules.ts';
import './style-grid.css';

export interface StyleGridViewProps {
  lines: readonly StyleGridLine[];
  /** show 已收 under each ordered quantity (and in the totals) */
  showReceived?: boolean;
  /** the data-testid of a cell's received figure, by the SKU's barcode */
  receivedTestId?: (barcode: string) => string;
  'data-testid'?: string;
}

function Figure({ quantity, received, showReceived, testId }: { quantity: number; received: number; showReceived: boolean; testId?: string }) {
  return (
    <>
      <div className="style-grid__qty">{quantity}</div>
      {showReceived ? (
        <div className={`style-grid__received${received >= quantity && quantity > 0 ? ' is-full' : ''}`}>
          收 <span data-testid={testId}>{received}</span>
        </div>
      ) : null}
    </>
  );
}

function Block({ block, showReceived, receivedTestId }: { block: StyleGridBlock; showReceived: boolean; receivedTestId?: (barcode: string) => string }) {
  return (
    <section className="style-grid__block" data-testid={`style-grid-${block.styleNo}`}>
      <header className="style-grid__head">
        <b>{block.styleNo}</b>
        <span className="style-grid__name">{block.name}</span>
        <span className="style-grid__money">
          单价 <b>{priceText(block.pricesFen)}</b>
          <span>
            数量 <b data-testid={`style-grid-qty-${block.styleNo}`}>{block.quantity}</b>
          </span>
          {showReceived ? (
            <span>
              已收 <b>{block.received}</b>
            </span>
          ) : null}
          <span>
            金额{' '}
            <b>
              <MoneyText fen={block.amountFen} data-testid={`style-grid-amount-${block.styleNo}`} />
            </b>
          </span>
        </span>
      </header>
      <div className="style-grid__scroll">
        <table>
          <thead>
            <tr>
              <th className="style-grid__colour">颜色 \ 尺码</th>
              {block.sizes.map((size) => (
                <th key={size}>{size}</th>
              ))}
              <th className="style-grid__total">合计</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.colour}>
                <th className="style-grid__colour">{row.colour}</th>
                {row.cells.map((cell, i) =>
                  cell ? (
                    <td key={block.sizes[i]}>
                      <Figure quantity={cell.quantity} received={cell.received} showReceived={showReceived} testId={receivedTestId?.(cell.barcode)} />
                    </td>
                  ) : (
                    <td key={block.sizes[i]} className="style-grid__none">
                      --
                    </td>
                  ),
                )}
                <td className="style-grid__total">
                  <Figure quantity={row.quantity} received={row.received} showReceived={showReceived} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th className="style-grid__colour">合计</th>
              {block.columnTotals.map((total, i) => (
                <td key={block.sizes[i]}>
                  <Figure quantity={total.quantity} received={total.received} showReceived={showReceived} />
                </td>
              ))}
              <td className="style-grid__total">
                <Figure quantity={block.quantity} received={block.received} showReceived={showReceived} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** 按款横排: one block per style (colours × sizes, ordered quantities, row and column totals, price and amount). */
export function StyleGridView({ lines, showReceived = false, receivedTestId, 'data-testid': testId }: StyleGridViewProps) {
  const blocks = styleGridBlocks(lines);
  return (
    <div className="style-grid" data-testid={testId}>
      {blocks.length === 0 ? <div className="style-grid__empty">暂无明细</div> : null}
      {blocks.map((block) => (
        <Block key={block.styleNo} block={block} showReceived={showReceived} receivedTestId={receivedTestId} />
      ))}
    </div>
  );
}
