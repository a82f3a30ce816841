import { chakra } from '@chakra-ui/react';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FieldTemplate as SiteFieldTemplate } from '../../../../forms/theme/FieldTemplate';
import { Errors } from './Errors';
import { ChoiceProvider } from './ChoiceGroup';
import { Hint } from './Hint';

/**
 * A field: the site's own template for a value (label, control, hint, the problem under it);
 * a yes-or-no box labels itself; a group (object, list, picture) labels itself with a legend
 * and lists its problems under it; a group whose fields exclude each other holds the choice.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { schema, children, rawErrors, rawHelp, id, hidden, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'boolean')
    return (
      <chakra.div display="grid" gap="1.5">
        {children}
        <Hint id={id} text={rawHelp} />
        <Errors id={id} errors={rawErrors} />
      </chakra.div>
    );
  const group = schema.type === 'object' || schema.type === 'array' || uiSchema?.['ui:field'] === 'picture';
  if (!group) return <SiteFieldTemplate {...props} />;
  const content = (
    <chakra.div display="grid" gap="1.5">
      {children}
      <Errors id={id} errors={rawErrors} />
    </chakra.div>
  );
  return schema['x-exactlyOne'] ? <ChoiceProvider props={props}>{content}</ChoiceProvider> : content;
}
