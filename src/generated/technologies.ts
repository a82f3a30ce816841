/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import type { Technology } from './schema-types';

/** The logo of each technology a logo set has (white, for the dark ticker and header), with its shape: the name beside it says what it is. */
export const technologyLogos: Partial<Record<Technology, { src: string; width: number; height: number }>> = {
  '.NET': { src: '/images/technologies/dotnet.svg', width: 24, height: 24 },
  Android: { src: '/images/technologies/android.svg', width: 24, height: 24 },
  Angular: { src: '/images/technologies/angular.svg', width: 24, height: 24 },
  'C++': { src: '/images/technologies/cplusplus.svg', width: 24, height: 24 },
  Docker: { src: '/images/technologies/docker.svg', width: 24, height: 24 },
  Flutter: { src: '/images/technologies/flutter.svg', width: 24, height: 24 },
  Golang: { src: '/images/technologies/go.svg', width: 24, height: 24 },
  iOS: { src: '/images/technologies/ios.svg', width: 24, height: 24 },
  Java: { src: '/images/technologies/java.svg', width: 32, height: 32 },
  JavaScript: { src: '/images/technologies/javascript.svg', width: 24, height: 24 },
  Kotlin: { src: '/images/technologies/kotlin.svg', width: 24, height: 24 },
  Kubernetes: { src: '/images/technologies/kubernetes.svg', width: 24, height: 24 },
  LangGraph: { src: '/images/technologies/langgraph.svg', width: 24, height: 24 },
  NetSuite: { src: '/images/technologies/oracle-netsuite.svg', width: 32, height: 10 },
  'Node.js': { src: '/images/technologies/nodedotjs.svg', width: 24, height: 24 },
  Oracle: { src: '/images/technologies/oracle.svg', width: 32, height: 21 },
  PHP: { src: '/images/technologies/php.svg', width: 24, height: 24 },
  PostgreSQL: { src: '/images/technologies/postgresql.svg', width: 24, height: 24 },
  Python: { src: '/images/technologies/python.svg', width: 24, height: 24 },
  PyTorch: { src: '/images/technologies/pytorch.svg', width: 24, height: 24 },
  Rails: { src: '/images/technologies/rubyonrails.svg', width: 24, height: 24 },
  React: { src: '/images/technologies/react.svg', width: 24, height: 24 },
  Salesforce: { src: '/images/technologies/salesforce.svg', width: 32, height: 23 },
  SharePoint: { src: '/images/technologies/microsoft-sharepoint.svg', width: 24, height: 24 },
  Swift: { src: '/images/technologies/swift.svg', width: 24, height: 24 },
  TypeScript: { src: '/images/technologies/typescript.svg', width: 24, height: 24 },
  'Vue.js': { src: '/images/technologies/vuedotjs.svg', width: 24, height: 24 },
};
