import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileKeyFromUrl } from '@erp/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStorage } from '../modules/uploads/storage.ts';
import { heroColour, seedDemoImages, shapeOf, styleSvg } from './demo-images.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'demo-images-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

it('draws the garment the name describes, in the colour, with only the style number as text', () => {
  expect(['女式双面羊毛大衣', '女式针织连衣裙', '男式修身牛仔裤', '针织毛线帽', '男式连帽卫衣', '羊绒格纹围巾'].map(shapeOf)).toEqual([
    'coat',
    'dress',
    'pants',
    'hat',
    'top',
    'scarf',
  ]);
  const svg = styleSvg('YS26W1001<script>', '女式双面羊毛大衣', '#c19a6b');
  expect(svg).toContain('fill="#c19a6b"');
  expect(svg).toContain('>YS26W1001script<');
  expect(styleSvg('A', 'x', 'red" onload="x')).toContain('fill="#8c8c8c"');
  expect(heroColour(['#000000', '#ffffff', '#c19a6b'])).toBe('#c19a6b');
  expect(heroColour(['#000000', '#111111'])).toBe('#000000');
});

it('gives every demo style a stored picture with its thumbnail, once', async () => {
  const storage = createStorage({ uploadDir: dir, s3: null });
  const made = await seedDemoImages(t.db, storage);
  const products = await t.db.selectFrom('products').select(['style_no', 'main_image']).execute();
  expect(made).toBe(products.length);
  for (const p of products) {
    expect(p.main_image).toMatch(/\.jpg$/);
    const key = fileKeyFromUrl(p.main_image)!;
    expect(await storage.size(key)).toBeGreaterThan(1000);
    expect(await storage.size(`${key}-200.jpg`)).toBeGreaterThan(500);
  }
  expect(await seedDemoImages(t.db, storage)).toBe(0);
});
