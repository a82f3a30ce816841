import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'logoCloud',
  schema: 'logo-cloud.schema.json',
  load: () => import('./LogoCloud'),
  category: 'Content',
  icon: 'building-2',
});
