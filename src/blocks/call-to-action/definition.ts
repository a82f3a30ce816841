import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'callToAction',
  schema: 'call-to-action.schema.json',
  load: () => import('./CallToAction'),
  category: 'Calls to action',
  icon: 'megaphone',
});
