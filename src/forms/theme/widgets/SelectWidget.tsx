import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../../ui/styled';
import { controlProps, emptyToUndefined } from './control-props';

/** A native select: starts on its placeholder (no value), so the country code is always the visitor's own choice. */
export function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  return (
    <Control.select
      value={props.value ?? ''}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => props.onChange(emptyToUndefined(event.target.value))}
      {...controlProps(props)}
    >
      <option value="">{props.placeholder}</option>
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </Control.select>
  );
}
