import { chakra } from '@chakra-ui/react';
import { errorId, helpId, type WidgetProps } from '@rjsf/utils';

/** A yes-or-no field: a box with its label beside it; unticked leaves the property out of the file. */
export function CheckboxWidget({ id, value, onChange, label, disabled, readonly, rawErrors, options }: WidgetProps) {
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <chakra.label htmlFor={id} display="flex" gap="2" alignItems="center" textStyle="small" fontWeight="600">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId(id) : '', options.help ? helpId(id) : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.checked || undefined)}
      />
      {label}
    </chakra.label>
  );
}
