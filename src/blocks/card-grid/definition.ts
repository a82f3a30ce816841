import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'cardGrid',
  schema: 'card-grid.schema.json',
  load: () => import('./CardGrid'),
  category: 'Content',
  icon: 'layout-grid',
});
