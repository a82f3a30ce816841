import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../../ui/styled';
import { controlProps, emptyToUndefined } from './control-props';

export function EmailWidget(props: WidgetProps) {
  return (
    <Control.input
      type="email"
      value={props.value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(emptyToUndefined(event.target.value.trim()))}
      {...controlProps(props)}
    />
  );
}
