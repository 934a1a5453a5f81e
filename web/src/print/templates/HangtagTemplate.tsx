import { formatYuan } from '@erp/shared';
import { BarcodeSvg } from '../BarcodeSvg.tsx';
import { barcodeFormatFor } from '../barcode-rules.ts';
import { expandCopies } from '../print-format.ts';
import type { TemplateSettings } from '../print-settings.ts';
import type { HangtagItem } from '../print-types.ts';
import { QrSvg } from '../QrSvg.tsx';
import { contentBox } from './template-css.ts';

/** 吊牌 (合格证): the GB 5296.4 data, retail price, barcode and an optional QR; one page per copy. */
export function HangtagTemplate({ items, settings }: { items: HangtagItem[]; settings: TemplateSettings }) {
  const { widthMm } = contentBox(settings);
  return (
    <div className="sheets">
      {expandCopies(items).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one page per printed copy; copies of an item are identical, so the position is all that tells them apart
        <section className="sheet tag" key={i}>
          <header className="tag__brand">
            <div className="tag__logo">{item.brand}</div>
          </header>
          <div className="tag__title">合格证</div>
          <table className="tag__fields">
            <tbody>
              <tr>
                <th>品名</th>
                <td>{item.name}</td>
              </tr>
              <tr>
                <th>款号</th>
                <td>{item.styleNo}</td>
              </tr>
              <tr>
                <th>颜色</th>
                <td>{item.colour}</td>
              </tr>
              <tr>
                <th>号型</th>
                <td>{item.size}</td>
              </tr>
              <tr>
                <th>成分</th>
                <td className="tag__comp">
                  {item.composition.map(({ part, fibres }, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; parts have no id and their names may be blank
                    <div key={k}>
                      {fibres.map((f, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; fibres have no id
                        <span className="nowrap" key={j}>
                          {j > 0 ? ' ' : part ? `${part}：` : null}
                          {f.name} {f.percent}%
                        </span>
                      ))}
                    </div>
                  ))}
                </td>
              </tr>
              <tr>
                <th>等级</th>
                <td>{item.grade}</td>
              </tr>
              <tr>
                <th>执行标准</th>
                <td>{item.standard}</td>
              </tr>
              <tr>
                <th>安全类别</th>
                <td>{item.safetyCategory}</td>
              </tr>
              <tr>
                <th>检验</th>
                <td>合格</td>
              </tr>
            </tbody>
          </table>
          <div className="tag__foot">
            <div className="tag__price">
              <div>
                <div className="tag__price-label">零售价</div>
                <div className="tag__price-value">{formatYuan(item.retailPriceFen)}</div>
              </div>
              {item.qrUrl ? <QrSvg value={item.qrUrl} sizeMm={11} /> : null}
            </div>
            <div className="tag__barcode">
              <BarcodeSvg value={item.barcode} format={barcodeFormatFor(item.barcode, settings.barcode)} widthMm={widthMm} barHeightMm={10} fontMm={2.4} />
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}
