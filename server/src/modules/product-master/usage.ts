import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { sizeUsedByRun } from '@erp/shared';
import { countPlansOfCategory } from '../agent-plans/agent-plans.service.ts';
import { countBuyersOfBrand } from '../ordering/buyer-brands.service.ts';
import { countProductsUsing, countSkusUsing } from '../products/products.read.ts';
import { runUsingSizes } from './size-runs.repo.ts';

// Hooks for "in use" checks: products and SKUs (0014) reference brands, categories, colours and
// sizes, 可订品牌 (0034) brands and 订货计划 (0040) categories; a used one is refused (409 with the count). Each runs inside
// the delete's transaction.

/** Refuses (409) when products use the brand. */
export async function assertBrandUnused(trx: Db, id: number): Promise<void> {
  const n = await countProductsUsing(trx, 'brand_id', id);
  if (n > 0) throw conflict(`该品牌已被${n}个商品使用，不能删除`);
  const buyers = await countBuyersOfBrand(trx, id);
  if (buyers > 0) throw conflict(`该品牌是${buyers}个订货方的可订品牌，不能删除`);
}

/** Refuses (409) when products use the category. */
export async function assertCategoryUnused(trx: Db, id: number): Promise<void> {
  const n = await countProductsUsing(trx, 'category_id', id);
  if (n > 0) throw conflict(`该分类已被${n}个商品使用，不能删除`);
  const plans = await countPlansOfCategory(trx, id);
  if (plans > 0) throw conflict(`该分类已被${plans}行订货计划使用，不能删除`);
}

/** Refuses (409) when SKUs use the colour. */
export async function assertColourUnused(trx: Db, id: number): Promise<void> {
  const n = await countSkusUsing(trx, 'colour_id', [id]);
  if (n > 0) throw conflict(`该颜色已被${n}个SKU使用，不能删除`);
}

/** Refuses (409) when SKUs use any of the sizes (removed from a group, or the group deleted). */
export async function assertSizesUnused(trx: Db, sizeIds: readonly number[]): Promise<void> {
  const n = await countSkusUsing(trx, 'size_id', sizeIds);
  if (n > 0) throw conflict(`尺码已被${n}个SKU使用，不能删除`);
}

/** Refuses (409) when a 配码 holds pieces of any of the sizes (removed or renamed in their group), naming the size and the run. */
export async function assertSizesNotInRuns(trx: Db, sizeIds: readonly number[]): Promise<void> {
  const hit = await runUsingSizes(trx, sizeIds);
  if (hit) throw conflict(sizeUsedByRun(hit.size_name, hit.run_name));
}
