import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import applySchema from '../../schemas/forms/apply.schema.json';
import applyUi from '../../schemas/forms/apply.ui.json';
import enquirySchema from '../../schemas/forms/enquiry.schema.json';
import enquiryUi from '../../schemas/forms/enquiry.ui.json';
import type { Enquiry, JobApplication } from '../generated/schema-types';
import applyValidators from '../generated/forms/apply-validator';
import enquiryValidators from '../generated/forms/enquiry-validator';
import { joinMobile } from './mobile-wire';

export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ReturnType<typeof createPrecompiledValidator>;
  /** The request body the endpoint expects, built from the form data (and chosen files). */
  encode: (data: never, files: Map<string, File>) => { body: BodyInit; headers?: Record<string, string> };
}

/**
 * The enquiry payload is exactly `{ name, mobile, email, message }`, with mobile in its wire
 * format (mobile-wire.ts).
 */
export function enquiryPayload({ name, mobileRef, mobile, email, message }: Enquiry): {
  name: string;
  mobile: string;
  email: string;
  message: string;
} {
  return { name, mobile: joinMobile(mobileRef, mobile), email, message };
}

/** The application travels as multipart form data: the fields, and the CV file when one was chosen. */
function applicationPayload(data: JobApplication, files: Map<string, File>): FormData {
  const body = new FormData();
  for (const key of ['fullName', 'phone', 'email', 'coverLetter'] as const) body.append(key, data[key]);
  const cv = [...files.entries()].find(([id]) => id.endsWith('cv'))?.[1];
  if (cv && data.cv) body.append('cv', cv, cv.name);
  return body;
}

/** The site's forms: each declared by a JSON Schema and a UI schema in schemas/forms/, validated by precompiled code. */
export const forms = {
  enquiry: {
    schema: enquirySchema as RJSFSchema,
    uiSchema: enquiryUi as UiSchema,
    validator: createPrecompiledValidator(enquiryValidators, enquirySchema as RJSFSchema),
    encode: (data: Enquiry) => ({ body: JSON.stringify(enquiryPayload(data)), headers: { 'Content-Type': 'application/json' } }),
  },
  apply: {
    schema: applySchema as RJSFSchema,
    uiSchema: applyUi as UiSchema,
    validator: createPrecompiledValidator(applyValidators, applySchema as RJSFSchema),
    encode: (data: JobApplication, files: Map<string, File>) => ({ body: applicationPayload(data, files) }),
  },
} satisfies Record<string, FormDefinition>;

export type FormKind = keyof typeof forms;
