import { TagMessages } from '@erp/shared';
import { registerUsageCheck } from '../product-master/usage.service.ts';
import { registerTagTarget } from '../tags/tag-links.service.ts';
import { productViewOf, seesProductOf } from './product-view.ts';
import { countProductsUsing, countSkusUsing } from './products.read.ts';
import * as repo from './products.repo.ts';

/**
 * What products tell the modules below them, registered with the routes so that neither reads up
 * into this one: tags may be linked to a product the caller sees (every role sees them but a
 * supplier, which sees only its own styles: product-view.ts), and a brand, category, colour or
 * size used by products or SKUs is not deleted.
 */
export function registerProductLinks(): void {
  registerTagTarget('product', {
    notFound: TagMessages.productNotFound,
    visible: async (db, auth, id) => {
      const product = await repo.findProductForTags(db, id);
      return !!product && seesProductOf(productViewOf(auth), product.supplier_id);
    },
  });
  const used = (n: number, message: string) => (n > 0 ? message : null);
  registerUsageCheck('brand', 'products', async (trx, [id]) => {
    const n = await countProductsUsing(trx, 'brand_id', id!);
    return used(n, `该品牌已被${n}个商品使用，不能删除`);
  });
  registerUsageCheck('category', 'products', async (trx, [id]) => {
    const n = await countProductsUsing(trx, 'category_id', id!);
    return used(n, `该分类已被${n}个商品使用，不能删除`);
  });
  registerUsageCheck('colour', 'products', async (trx, ids) => {
    const n = await countSkusUsing(trx, 'colour_id', ids);
    return used(n, `该颜色已被${n}个SKU使用，不能删除`);
  });
  registerUsageCheck('size', 'products', async (trx, ids) => {
    const n = await countSkusUsing(trx, 'size_id', ids);
    return used(n, `尺码已被${n}个SKU使用，不能删除`);
  });
}
