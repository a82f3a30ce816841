import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../../../ui/styled';

/** A number within the schema's minimum and maximum, whole for an integer; emptied, it leaves the property out. */
export function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, schema, placeholder, required, rawErrors } = props;
  return (
    <Control.input
      id={id}
      type="number"
      value={value ?? ''}
      min={schema.minimum as number | undefined}
      max={schema.maximum as number | undefined}
      step={schema.type === 'integer' ? 1 : 'any'}
      placeholder={placeholder}
      aria-required={required || undefined}
      aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
      aria-describedby={
        [(rawErrors?.length ?? 0) > 0 ? errorId(id) : '', props.options.help || props.schema.description ? helpId(id) : '']
          .filter(Boolean)
          .join(' ') || undefined
      }
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    />
  );
}
