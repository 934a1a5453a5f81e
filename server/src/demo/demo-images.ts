import sharp from 'sharp';
import type { Db } from '../db/database.ts';
import { saveImage } from '../modules/uploads/uploads.service.ts';
import type { FileStorage } from '../modules/uploads/storage.ts';

// Demo 商品图: a picture per demo style, generated here (no photo ships with the repo) — the style's
// garment drawn in its first colour on a soft background with its style number — and stored
// through the uploads service like any uploaded picture (JPEG re-encoded, with its thumbnail), so
// the catalogue, the cart and the product list show real images. Loaded by `npm start` in demo mode.

type Shape = 'coat' | 'dress' | 'pants' | 'hat' | 'scarf' | 'top';

const SHAPES: Record<Shape, string> = {
  coat: 'M240 150 L300 190 L360 150 L470 215 L505 560 L455 570 L430 330 L430 690 L170 690 L170 330 L145 570 L95 560 L130 215 Z',
  dress: 'M255 140 L285 140 L300 175 L315 140 L345 140 L365 270 L470 680 L130 680 L235 270 Z',
  pants: 'M190 150 L410 150 L440 690 L335 690 L300 330 L265 690 L160 690 Z',
  scarf: 'M250 130 L350 130 L350 560 L370 620 L230 620 L250 560 Z',
  hat: 'M150 470 C150 270 450 270 450 470 L470 470 C480 520 120 520 130 470 Z',
  top: 'M230 150 L300 180 L370 150 L480 225 L440 330 L405 305 L405 650 L195 650 L195 305 L160 330 L120 225 Z',
};

/** The garment a style's name describes. */
export function shapeOf(name: string): Shape {
  if (/大衣|羽绒|外套|夹克|风衣|西装|棉服/.test(name)) return 'coat';
  if (/裙/.test(name)) return 'dress';
  if (/裤/.test(name)) return 'pants';
  // a hooded top (连帽卫衣) is a top, not a hat
  if (/卫衣|T恤|衬衫|毛衣|针织衫|背心/.test(name)) return 'top';
  if (/帽/.test(name)) return 'hat';
  if (/围巾|披肩/.test(name)) return 'scarf';
  return 'top';
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** One style's picture as SVG (600 × 800): the shape in the colour, a shade, the style number. */
export function styleSvg(styleNo: string, name: string, hex: string): string {
  const fill = HEX.test(hex) ? hex : '#8c8c8c';
  const shape = SHAPES[shapeOf(name)];
  const details =
    shapeOf(name) === 'coat'
      ? '<path d="M300 190 L300 690" stroke="rgba(0,0,0,0.25)" stroke-width="4"/><circle cx="320" cy="300" r="7" fill="rgba(0,0,0,0.3)"/><circle cx="320" cy="400" r="7" fill="rgba(0,0,0,0.3)"/><circle cx="320" cy="500" r="7" fill="rgba(0,0,0,0.3)"/>'
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f2"/><stop offset="1" stop-color="#e9e5df"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/></linearGradient>
  </defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  <ellipse cx="300" cy="715" rx="190" ry="18" fill="rgba(0,0,0,0.08)"/>
  <path d="${shape}" fill="${fill}" stroke="rgba(0,0,0,0.35)" stroke-width="3" stroke-linejoin="round"/>
  <path d="${shape}" fill="url(#shade)"/>
  ${details}
  <text x="300" y="768" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#595959" text-anchor="middle" letter-spacing="2">${styleNo.replace(/[^A-Za-z0-9-]/g, '')}</text>
</svg>`;
}

/** The colour a style is pictured in: its first that is neither near black nor near white (else its first). */
export function heroColour(hexes: readonly string[]): string {
  const valid = hexes.filter((h) => HEX.test(h));
  const light = (h: string) => (0.299 * Number.parseInt(h.slice(1, 3), 16) + 0.587 * Number.parseInt(h.slice(3, 5), 16) + 0.114 * Number.parseInt(h.slice(5, 7), 16)) / 255;
  return valid.find((h) => light(h) > 0.15 && light(h) < 0.9) ?? valid[0] ?? '';
}

/** Gives each demo style without a picture a generated one; answers how many were made. */
export async function seedDemoImages(db: Db, storage: FileStorage): Promise<number> {
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (!admin) return 0;
  const styles = await db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.style_no',
      'p.name',
      (eb) =>
        eb
          .selectFrom('skus as k')
          .innerJoin('colours as c', 'c.id', 'k.colour_id')
          .select((e) => e.fn<string[]>('array_agg', [e.ref('c.hex')]).as('hexes'))
          .whereRef('k.product_id', '=', 'p.id')
          .as('hexes'),
    ])
    .where('p.main_image', '=', '')
    .orderBy('p.id')
    .execute();
  for (const style of styles) {
    const jpeg = await sharp(Buffer.from(styleSvg(style.style_no, style.name, heroColour(style.hexes ?? []))))
      .jpeg({ quality: 82 })
      .toBuffer();
    const saved = await saveImage(db, storage, { category: 'product/baseimage', originalName: `${style.style_no}.jpg`, userId: admin.id }, jpeg);
    await db.updateTable('products').set({ main_image: saved.url }).where('id', '=', style.id).execute();
  }
  return styles.length;
}
