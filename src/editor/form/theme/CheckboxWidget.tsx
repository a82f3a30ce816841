import { chakra } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

/** A yes-or-no field: a box with its label beside it; unticked leaves the property out of the file. */
export function CheckboxWidget({ id, value, onChange, label, disabled, readonly }: WidgetProps) {
  return (
    <chakra.label htmlFor={id} display="flex" gap="2" alignItems="center" textStyle="small">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked || undefined)}
      />
      {label}
    </chakra.label>
  );
}
