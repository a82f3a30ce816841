import { chakra } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { SelectWidget } from '../../../forms/theme/widgets';

/**
 * A select; the one RJSF puts above a field that is one of several shapes (a link or a button,
 * say) has no field template around it, so it gets its own visible label here.
 */
export function ChoiceAwareSelect(props: WidgetProps) {
  if (!/__(one|any)of_select$/.test(props.id)) return <SelectWidget {...props} />;
  return (
    <chakra.div mb="3">
      <chakra.label htmlFor={props.id} display="block" textStyle="small" fontWeight="650" mb="1">
        {`${props.label || 'Item'}: which kind`}
      </chakra.label>
      <SelectWidget {...props} />
    </chakra.div>
  );
}
