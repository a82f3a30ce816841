import type { Site } from '../../../src/generated/schema-types';
import { formEndpoints } from '../../site-server/security-headers';

/** The site file with the form endpoints the environment names (security-headers.ts). */
export const siteWithEndpoints = (siteFile: Site): Site => ({ ...siteFile, endpoints: formEndpoints(siteFile) });
