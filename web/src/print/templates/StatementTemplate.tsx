import { formatYuan } from '@erp/shared';
import { moneyInWords } from '../print-format.ts';
import type { StatementSheet } from '../print-types.ts';
import { COMPANY, DocumentHead, Info } from './DocumentTemplates.tsx';

/** 序号 … 摘要 */
const COLUMNS = 9;

/** A money cell: the figure right-aligned, or empty. */
const Money = ({ fen }: { fen: number | null }) => <td className="num">{fen === null ? '' : formatYuan(fen)}</td>;

function confirmationText(c: StatementSheet['confirmation']): string {
  if (!c) return '未确认';
  return `已确认（${c.byName} 于 ${c.at} 确认）${c.matches ? '' : '；确认后本期间又有入账，当前数字与确认时不同'}`;
}

/**
 * 对账单: A4 portrait, the party and period, the opening balance, every entry of the period with its
 * running balance (the header repeats on each page), the period's totals, the closing balance in
 * figures and capitals, the confirmation, and both sides' signatures and seals.
 */
export function StatementTemplate({ sheet: s }: { sheet: StatementSheet }) {
  const b = s.balanceLabel;
  return (
    <article className="sheet doc statement">
      <DocumentHead title="对账单" />
      <Info
        className="doc__info--statement"
        items={[
          ['往来单位', `${s.partyName}（${s.partyCode}）`],
          ['单位类型', s.partyTypeLabel],
          ['对账期间', `${s.from} 至 ${s.to}`],
          ['打印时间', s.printedAt],
        ]}
      />
      <div className="statement__balance" data-testid="statement-print-opening">
        <span>
          期初余额（{b}）：<b>{formatYuan(s.openingFen)}</b>
        </span>
        <span>本期共 {s.entries.length} 笔</span>
      </div>
      <table>
        <thead>
          <tr>
            <th className="center">序号</th>
            <th>业务日期</th>
            <th>类型</th>
            <th>单据号</th>
            <th>来源单据</th>
            <th className="num">增加</th>
            <th className="num">减少</th>
            <th className="num">余额</th>
            <th>摘要</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td />
            <td>{s.from}</td>
            <td colSpan={COLUMNS - 4}>期初余额</td>
            <Money fen={s.openingFen} />
            <td />
          </tr>
          {s.entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed once in the server's order; two entries may share a document
            <tr key={`${e.documentNo}-${i}`} data-testid="statement-print-entry">
              <td className="center">{i + 1}</td>
              <td>{e.businessDay}</td>
              <td>{e.entryLabel}</td>
              <td className="code">{e.documentNo || '--'}</td>
              <td className="code">{e.originNo || '--'}</td>
              <Money fen={e.amountFen > 0 ? e.amountFen : null} />
              <Money fen={e.amountFen < 0 ? -e.amountFen : null} />
              <Money fen={e.runningFen} />
              <td className="memo">{e.memo}</td>
            </tr>
          ))}
          {s.entries.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="center">
                本期无发生额
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5}>本期合计（{s.entries.length} 笔）</td>
            <Money fen={s.increaseFen} />
            <Money fen={s.decreaseFen} />
            <Money fen={s.closingFen} />
            <td />
          </tr>
        </tfoot>
      </table>
      <section className="statement__totals" data-testid="statement-print-totals">
        <div>
          <span>期初余额（{b}）</span>
          <b>{formatYuan(s.openingFen)}</b>
        </div>
        <div>
          <span>本期增加</span>
          <b>{formatYuan(s.increaseFen)}</b>
        </div>
        <div>
          <span>本期减少</span>
          <b>{formatYuan(s.decreaseFen)}</b>
        </div>
        <div data-testid="statement-print-closing">
          <span>期末余额（{b}）</span>
          <b>{formatYuan(s.closingFen)}</b>
        </div>
      </section>
      <div className="statement__words">期末余额（大写）：{moneyInWords(s.closingFen)}</div>
      <div className="statement__confirm" data-testid="statement-print-confirmation">
        对账确认：{confirmationText(s.confirmation)}
      </div>
      <div className="statement__note">请核对以上账目，核对无误请签字盖章后回传；如有不符，请注明差异。</div>
      <section className="statement__signs" aria-label="双方签字盖章">
        <section>
          <h2>本公司：{COMPANY}（签字盖章）</h2>
          <div>经办人：</div>
          <div>日期：</div>
        </section>
        <section>
          <h2>对方单位：{s.partyName}（签字盖章）</h2>
          <div>经办人：</div>
          <div>日期：</div>
        </section>
      </section>
    </article>
  );
}
