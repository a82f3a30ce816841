import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Whether this install can build (the dev dependencies are there): a production install
 * (`npm ci --omit=dev`) cannot, and then the server does not follow.
 */
export function canBuild(checkout: string): boolean {
  try {
    createRequire(join(checkout, 'package.json')).resolve('vite');
    return true;
  } catch {
    return false;
  }
}
