import { chakra } from '@chakra-ui/react';
import { errorId, helpId, type FieldProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { Control } from '../../ui/styled';
import { showsErrors, type FormContext } from './form-context';

/**
 * A file chosen for upload (the CV). The form data keeps only its name and size, which the
 * schema checks (allowed formats, at most 5 MB); the file itself waits in the form context
 * and is sent as multipart data. RJSF's own file widget would read the whole file into a
 * data URL instead, which freezes the page for a large file.
 */
export function FileField({ fieldPathId, uiSchema, errorSchema, registry, onChange, onBlur, required, disabled }: FieldProps) {
  const id = fieldPathId.$id;
  const context = registry.formContext as FormContext;
  const childErrors = [
    ...(errorSchema?.__errors ?? []),
    ...((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.name?.__errors ?? []),
    ...((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.size?.__errors ?? []),
  ];
  const invalid = showsErrors(context, id) && childErrors.length > 0;
  const options = (uiSchema?.['ui:options'] ?? {}) as { accept?: string; hint?: string };
  const choose = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    if (file) context.files.set(id, file);
    else context.files.delete(id);
    onChange(file ? { name: file.name, size: file.size } : undefined, fieldPathId.path);
    onBlur(id, file?.name);
  };
  return (
    <>
      <Control.input
        type="file"
        id={id}
        name={id}
        accept={options.accept}
        onChange={choose}
        disabled={disabled || context.sending}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? errorId(id) : '', options.hint ? helpId(id) : ''].filter(Boolean).join(' ') || undefined}
        py="2"
      />
      {options.hint ? (
        <chakra.p id={helpId(id)} textStyle="small" color="text.muted">
          {options.hint}
        </chakra.p>
      ) : null}
      {invalid ? (
        <chakra.p id={errorId(id)} textStyle="small" color="red.700" fontWeight="500" data-field-error="">
          {childErrors[0]}
        </chakra.p>
      ) : null}
    </>
  );
}
