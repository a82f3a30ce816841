import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import { showsErrors, type FormContext } from '../form-context';

/** The attributes every control shares: id, name, required, invalid state and what describes it. */
export function controlProps({ id, required, disabled, readonly, rawErrors, registry, options, onBlur, onFocus, value }: WidgetProps) {
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

export const emptyToUndefined = (text: string): string | undefined => (text === '' ? undefined : text);
