import { chakra } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { SelectWidget } from '../../../../forms/theme/widgets/SelectWidget';

/**
 * The empty choice of a select: "Not set", never the schema's example (which read as if it
 * were chosen: "Technology: Python" on a page without one), with what the site does then when
 * the schema has a default. Choosing it leaves the property out of the file.
 */
function notSet({ schema, options }: WidgetProps): string {
  if (schema.default === undefined) return 'Not set';
  const label = options.enumOptions?.find((option) => option.value === schema.default)?.label ?? String(schema.default);
  return `Not set (${label} by default)`;
}

/**
 * A select; the one RJSF puts above a field that is one of several shapes (a link or a button,
 * say) has no field template around it, so it gets its own visible label here.
 */
export function ChoiceAwareSelect(props: WidgetProps) {
  if (!/__(one|any)of_select$/.test(props.id)) return <SelectWidget {...props} placeholder={notSet(props)} />;
  return (
    <chakra.div mb="3">
      <chakra.label htmlFor={props.id} display="block" textStyle="small" fontWeight="650" mb="1">
        {`${props.label || 'Item'}: which kind`}
      </chakra.label>
      <SelectWidget {...props} />
    </chakra.div>
  );
}
