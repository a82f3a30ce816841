import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useId } from 'react';
import { Control } from '../../../../ui/styled';

/** A text input that offers choices as it is typed (a native combobox): the site's addresses, or its files. */
export function SuggestingInput(props: WidgetProps & { choices: string[] }) {
  const list = useId();
  const { id, value, onChange, placeholder, required, rawErrors, choices } = props;
  return (
    <>
      <Control.input
        id={id}
        type="text"
        list={list}
        value={value ?? ''}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={
          [(rawErrors?.length ?? 0) > 0 ? errorId(id) : '', props.schema.description ? helpId(id) : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? undefined : event.target.value)}
      />
      <datalist id={list}>
        {choices.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
    </>
  );
}
