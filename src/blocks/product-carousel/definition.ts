import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'productCarousel',
  schema: 'product-carousel.schema.json',
  load: () => import('./ProductCarousel'),
  island: true,
  category: 'Lists',
  icon: 'gallery-horizontal',
});
