import { chakra } from '@chakra-ui/react';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FieldTemplate as SiteFieldTemplate } from '../../../forms/theme/FieldTemplate';
import { Errors } from './Errors';

/** A field: the site's own template for a value; a group (object, list, picture) labels itself with a legend. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { schema, children, rawErrors, id, hidden, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const group = schema.type === 'object' || schema.type === 'array' || uiSchema?.['ui:field'] === 'picture';
  if (!group) return <SiteFieldTemplate {...props} />;
  return (
    <chakra.div display="grid" gap="1.5">
      {children}
      <Errors id={id} errors={rawErrors} />
    </chakra.div>
  );
}
