import { Card, Tag } from 'antd';
import { formatYuan, SEASON_KIND_LABELS, thumbnailUrl, type CatalogueStyle } from '@erp/shared';
import { MoneyText } from '../../../ui/money/index.ts';

/** The distinct colours of a style, in SKU order, for the swatches of a card without a picture. */
function coloursOf(style: CatalogueStyle) {
  const seen = new Map<number, { name: string; hex: string }>();
  for (const sku of style.skus) if (!seen.has(sku.colourId)) seen.set(sku.colourId, { name: sku.colourName, hex: sku.colourHex });
  return [...seen.values()];
}

/** What the buyer may order now: 可订 N 件 (spot), 缺货 (spot, none), 期货 (before the goods exist). */
export function availabilityText(style: Pick<CatalogueStyle, 'seasonKind' | 'totalAvailable' | 'skus'>): string {
  if (style.seasonKind === 'preorder' || style.totalAvailable === null) {
    const expected = style.skus.reduce((sum, sku) => sum + (sku.expected ?? 0), 0);
    return expected > 0 ? `期货预订 · 预计到货 ${expected} 件` : '期货预订';
  }
  return style.totalAvailable > 0 ? `可订 ${style.totalAvailable} 件` : '暂时缺货';
}

/**
 * One style of the buyer's catalogue: picture (or its colours when it has none), style no., name,
 * the buyer's price (the wholesale price struck through when the buyer pays less) and what is
 * available. Clicking opens the style's details.
 */
export function StyleCard({ style, onOpen }: { style: CatalogueStyle; onOpen: (style: CatalogueStyle) => void }) {
  const colours = coloursOf(style);
  const discounted = style.unitPriceFen < style.wholesalePriceFen;
  const out = style.seasonKind === 'spot' && style.totalAvailable === 0;
  return (
    <Card
      hoverable
      size="small"
      className="style-card"
      onClick={() => onOpen(style)}
      data-testid={`style-card-${style.styleNo}`}
      cover={
        style.mainImage ? (
          <img className="style-card__image" src={thumbnailUrl(style.mainImage)} alt={`${style.styleNo} ${style.name}`} loading="lazy" />
        ) : (
          <div className="style-card__placeholder" role="img" aria-label={`${style.styleNo} 暂无图片，颜色：${colours.map((c) => c.name).join('、')}`}>
            {colours.map((c) => (
              <span key={c.name} className="style-card__swatch" style={{ background: c.hex || '#d9d9d9' }} title={c.name} />
            ))}
            <span className="style-card__no-image">暂无图片</span>
          </div>
        )
      }
    >
      <div className="style-card__no">
        <span>{style.styleNo}</span>
        <Tag color={style.seasonKind === 'spot' ? 'cyan' : 'purple'}>{SEASON_KIND_LABELS[style.seasonKind]}</Tag>
      </div>
      <div className="style-card__name" title={style.name}>
        {style.name}
      </div>
      <div className="style-card__price">
        <span className="style-card__unit" data-testid={`style-card-price-${style.styleNo}`}>
          <MoneyText fen={style.unitPriceFen} />
        </span>
        {discounted ? <s className="style-card__list">{formatYuan(style.wholesalePriceFen)}</s> : null}
      </div>
      <div className={out ? 'style-card__stock is-out' : 'style-card__stock'} data-testid={`style-card-stock-${style.styleNo}`}>
        {availabilityText(style)}
      </div>
    </Card>
  );
}
