import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'steps',
  schema: 'steps.schema.json',
  load: () => import('./Steps'),
  category: 'Lists',
  icon: 'list-ordered',
});
