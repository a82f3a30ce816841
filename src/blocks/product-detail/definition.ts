import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'productDetail',
  schema: 'product-detail.schema.json',
  load: () => import('./ProductDetail'),
  category: 'Content',
  icon: 'package',
});
