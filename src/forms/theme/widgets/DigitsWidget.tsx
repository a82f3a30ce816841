import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../../ui/styled';
import { controlProps, emptyToUndefined } from './control-props';

/** A phone number: the numeric keypad on phones, and anything but digits dropped as it is typed or pasted. */
export function DigitsWidget(props: WidgetProps) {
  return (
    <Control.input
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      value={props.value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(emptyToUndefined(event.target.value.replace(/\D/g, '')))}
      {...controlProps(props)}
    />
  );
}
