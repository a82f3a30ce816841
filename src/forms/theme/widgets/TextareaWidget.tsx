import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../../ui/styled';
import { controlProps, emptyToUndefined } from './control-props';

export function TextareaWidget(props: WidgetProps) {
  return (
    <Control.textarea
      rows={(props.options.rows as number | undefined) ?? 4}
      value={props.value ?? ''}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => props.onChange(emptyToUndefined(event.target.value))}
      {...controlProps(props)}
    />
  );
}
