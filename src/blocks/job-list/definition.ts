import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'jobList',
  schema: 'job-list.schema.json',
  load: () => import('./JobList'),
  island: true,
  category: 'Careers',
  icon: 'list-filter',
});
