import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'prose',
  schema: 'prose.schema.json',
  load: () => import('./Prose'),
  category: 'Content',
  icon: 'text',
});
