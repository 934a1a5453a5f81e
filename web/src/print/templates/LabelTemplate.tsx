import { formatYuan } from '@erp/shared';
import { BarcodeSvg } from '../BarcodeSvg.tsx';
import { barcodeFormatFor } from '../barcode-rules.ts';
import { expandCopies } from '../print-format.ts';
import type { TemplateSettings } from '../print-settings.ts';
import type { LabelItem } from '../print-types.ts';
import { contentBox } from './template-css.ts';

/** 条码标签: name, style, colour and size, price, barcode; one page per copy. */
export function LabelTemplate({ items, settings }: { items: LabelItem[]; settings: TemplateSettings }) {
  const { widthMm } = contentBox(settings);
  return (
    <div className="sheets">
      {expandCopies(items).map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one page per printed copy; copies of an item are identical, so the position is all that tells them apart
        <section className="sheet label" key={i}>
          {item.brand ? <div className="label__brand">{item.brand}</div> : null}
          <div className="label__name">{item.name}</div>
          <dl className="label__fields">
            <dt>款号</dt>
            <dd>{item.styleNo}</dd>
            <dt>颜色</dt>
            <dd className="label__spec">{item.colour}</dd>
            <dt>尺码</dt>
            <dd className="label__spec">{item.size}</dd>
          </dl>
          <div className="label__price">
            <span>零售价</span>
            <strong>{formatYuan(item.retailPriceFen)}</strong>
          </div>
          <div className="label__barcode">
            <BarcodeSvg value={item.barcode} format={barcodeFormatFor(item.barcode, settings.barcode)} widthMm={widthMm} barHeightMm={9} fontMm={2.2} />
          </div>
        </section>
      ))}
    </div>
  );
}
