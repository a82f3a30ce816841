import { chakra, Button } from '@chakra-ui/react';
import {
  getSubmitButtonOptions,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TemplatesType,
  type RegistryWidgetsType,
  type RegistryFieldsType,
} from '@rjsf/utils';
import type { FormContext } from './form-context';
import { FieldTemplate } from './FieldTemplate';
import { FileField } from './FileField';
import { DigitsWidget } from './widgets/DigitsWidget';
import { EmailWidget } from './widgets/EmailWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { TextWidget } from './widgets/TextWidget';

/** The fields of a form, one under the other, in the UI schema's order. */
function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <chakra.div display="grid" gap="4">
      {properties.map((property) => property.content)}
    </chakra.div>
  );
}

/** The submit button: it shows progress while sending and cannot be pressed twice. */
function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const context = registry.formContext as FormContext;
  const { submitText } = getSubmitButtonOptions(uiSchema);
  return (
    <Button
      type="submit"
      size="lg"
      mt="2"
      w={{ base: 'full', sm: 'auto' }}
      loading={context.sending}
      loadingText={context.sendingLabel}
      disabled={context.sending}
    >
      {submitText}
    </Button>
  );
}

function NoErrorList() {
  return null;
}

/**
 * The site's RJSF theme: the registry idea of RJSF itself, spread over its defaults. Labels
 * are tied to their controls, errors to their fields, and every look comes from the
 * site's recipes.
 */
export const theme: { templates: Partial<TemplatesType>; widgets: RegistryWidgetsType; fields: RegistryFieldsType } = {
  templates: { FieldTemplate, ObjectFieldTemplate, ErrorListTemplate: NoErrorList, ButtonTemplates: { SubmitButton } as never },
  widgets: {
    TextWidget,
    text: TextWidget,
    EmailWidget,
    email: EmailWidget,
    digits: DigitsWidget,
    TextareaWidget,
    textarea: TextareaWidget,
    SelectWidget,
    select: SelectWidget,
  },
  fields: { file: FileField },
};
