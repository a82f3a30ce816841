import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'counters',
  schema: 'counters.schema.json',
  load: () => import('./Counters'),
  // Counting needs no framework: the browser runs this script, never React, for the block.
  script: () => import('./script'),
  island: true,
  category: 'Figures',
  icon: 'gauge',
});
