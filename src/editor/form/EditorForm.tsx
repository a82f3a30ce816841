import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useMemo } from 'react';
import type { FormContext } from '../../forms/theme/form-context';
import type { JsonSchema, Problem } from '../../content/api-types';
import { theme } from './theme';
import { errorSchemaOf } from './locate-problem';
import { uiSchemaOf } from './ui-schema-of';

/** Errors show at once: the editor checks as the person types, with the validator's words. */
const CONTEXT: FormContext = { touched: new Set(), submitted: true, sending: false, sendingLabel: '', files: new Map() };

/**
 * A form made by RJSF from a schema, and nothing else: labels, help texts, placeholders,
 * choices and lists all come from the schema. The problems shown are the validator's own
 * (`problems` under `prefix`), each at the field it is about; RJSF does not validate. Defaults are not written into the
 * value, so a change to one field changes only that field in the file.
 */
export function EditorForm({
  schema,
  value,
  problems,
  prefix,
  onChange,
}: {
  schema: JsonSchema;
  value: unknown;
  problems: Problem[];
  prefix: (string | number)[];
  onChange: (value: Record<string, unknown>, field: string | null) => void;
}) {
  const uiSchema = useMemo<UiSchema>(() => ({ ...uiSchemaOf(schema), 'ui:submitButtonOptions': { norender: true } }), [schema]);
  const extraErrors = useMemo(() => errorSchemaOf(problems, prefix, schema, value), [problems, prefix, schema, value]);
  return (
    <Form
      schema={schema as never}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      noValidate
      showErrorList={false}
      extraErrors={extraErrors}
      templates={theme.templates}
      widgets={theme.widgets}
      fields={theme.fields}
      formContext={CONTEXT}
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
        constAsDefaults: 'never',
        mergeDefaultsIntoFormData: 'useFormDataIfPresent',
      }}
      onChange={(event, id) => onChange(event.formData as Record<string, unknown>, id ?? null)}
      onSubmit={() => undefined}
    />
  );
}
