/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import type { Technology } from './schema-types';

/** The logo file of each technology Simple Icons has a logo for (white, for the dark ticker): the name beside it says what it is. */
export const technologyLogos: Partial<Record<Technology, string>> = {
  '.NET': '/images/technologies/dotnet.svg',
  Android: '/images/technologies/android.svg',
  Angular: '/images/technologies/angular.svg',
  'C++': '/images/technologies/cplusplus.svg',
  Docker: '/images/technologies/docker.svg',
  Flutter: '/images/technologies/flutter.svg',
  Golang: '/images/technologies/go.svg',
  iOS: '/images/technologies/ios.svg',
  JavaScript: '/images/technologies/javascript.svg',
  Kotlin: '/images/technologies/kotlin.svg',
  Kubernetes: '/images/technologies/kubernetes.svg',
  LangGraph: '/images/technologies/langgraph.svg',
  'Node.js': '/images/technologies/nodedotjs.svg',
  PHP: '/images/technologies/php.svg',
  PostgreSQL: '/images/technologies/postgresql.svg',
  Python: '/images/technologies/python.svg',
  PyTorch: '/images/technologies/pytorch.svg',
  Rails: '/images/technologies/rubyonrails.svg',
  React: '/images/technologies/react.svg',
  Swift: '/images/technologies/swift.svg',
  TypeScript: '/images/technologies/typescript.svg',
  'Vue.js': '/images/technologies/vuedotjs.svg',
};
