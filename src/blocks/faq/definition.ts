import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'faq',
  schema: 'faq.schema.json',
  load: () => import('./Faq'),
  category: 'Lists',
  icon: 'circle-help',
});
