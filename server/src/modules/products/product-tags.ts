import { TagMessages } from '@erp/shared';
import { registerTagTarget } from '../tags/tag-links.service.ts';
import { productViewOf, seesProductOf } from './product-view.ts';
import * as repo from './products.repo.ts';

/**
 * Products take tags: every role sees them but a supplier, which sees only its own styles
 * (product-view.ts). Registered with the routes, so the tags module never reads up into this one.
 */
export function registerProductTags(): void {
  registerTagTarget('product', {
    notFound: TagMessages.productNotFound,
    visible: async (db, auth, id) => {
      const product = await repo.findProductForTags(db, id);
      return !!product && seesProductOf(productViewOf(auth), product.supplier_id);
    },
  });
}
