import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'jobDetail',
  schema: 'job-detail.schema.json',
  load: () => import('./JobDetail'),
  category: 'Careers',
  icon: 'file-user',
});
