import { compositionLines, expandCopies } from '../print-format.ts';
import type { WashLabelItem } from '../print-types.ts';
import { CareSymbolIcon } from './CareSymbolIcon.tsx';

/** 水洗标: brand, style, composition, care symbols and words, standard, safety, grade, origin. */
export function WashlabelTemplate({ items }: { items: WashLabelItem[] }) {
  return (
    <div className="sheets">
      {expandCopies(items).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one page per printed copy; copies of an item are identical, so the position is all that tells them apart
        <section className="sheet wash" key={i}>
          <div className="wash__brand">{item.brand}</div>
          <div className="wash__style">款号 {item.styleNo}</div>
          <div className="wash__block">
            <div className="wash__title">成分</div>
            {compositionLines(item.composition).map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
          <div className="wash__block">
            <div className="wash__title">洗涤说明</div>
            <div className="wash__symbols">
              {item.care.map((c, k) =>
                // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; care lines have no id and a symbol may repeat
                c.symbol ? <CareSymbolIcon key={k} symbol={c.symbol} /> : null,
              )}
            </div>
            <ul className="wash__care">
              {item.care.map((c, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: printed once as given; care lines have no id and their words may repeat
                <li key={k}>{c.text}</li>
              ))}
            </ul>
          </div>
          <div className="wash__foot">
            <div>执行标准：{item.standard}</div>
            <div>安全类别：{item.safetyCategory}</div>
            <div>等级：{item.grade}</div>
            <div>产地：{item.origin}</div>
          </div>
        </section>
      ))}
    </div>
  );
}
