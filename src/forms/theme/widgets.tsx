import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../ui/styled';
import { showsErrors, type FormContext } from './form-context';

/** The attributes every control shares: id, name, required, invalid state and what describes it. */
function controlProps({ id, required, disabled, readonly, rawErrors, registry, options, onBlur, onFocus, value }: WidgetProps) {
  const context = registry.formContext as FormContext;
  const invalid = showsErrors(context, id) && (rawErrors?.length ?? 0) > 0;
  const describedBy = [invalid ? errorId(id) : '', options.help ? helpId(id) : ''].filter(Boolean).join(' ');
  return {
    id,
    name: id,
    // The asterisk is shown; this tells assistive technology and the browser the same.
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
    disabled: disabled || readonly || context.sending,
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
    autoComplete: options.autocomplete as string | undefined,
  };
}

const emptyToUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

export function TextWidget(props: WidgetProps) {
  return (
    <Control.input
      type="text"
      value={props.value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(emptyToUndefined(event.target.value))}
      {...controlProps(props)}
    />
  );
}

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
