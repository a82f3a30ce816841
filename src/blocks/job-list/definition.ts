import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'jobList',
  schema: 'job-list.schema.json',
  load: () => import('./JobList'),
  // Filtering needs no framework: the browser runs this script, never React, for the block.
  script: () => import('./script'),
  island: true,
  category: 'Careers',
  icon: 'list-filter',
});
