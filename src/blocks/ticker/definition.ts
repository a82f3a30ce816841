import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'ticker',
  schema: 'ticker.schema.json',
  load: () => import('./Ticker'),
  island: true,
  category: 'Lists',
  icon: 'tags',
});
