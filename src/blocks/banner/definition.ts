import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'banner',
  schema: 'banner.schema.json',
  load: () => import('./Banner'),
  category: 'Headers',
  icon: 'panel-top',
});
