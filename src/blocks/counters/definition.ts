import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'counters',
  schema: 'counters.schema.json',
  load: () => import('./Counters'),
  island: true,
  category: 'Figures',
  icon: 'gauge',
});
