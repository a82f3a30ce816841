import { defineBlock } from '../define-block';

export default defineBlock({
  type: 'caseStudies',
  schema: 'case-studies.schema.json',
  load: () => import('./CaseStudies'),
  category: 'Content',
  icon: 'briefcase-business',
});
