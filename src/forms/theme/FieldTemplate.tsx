import { chakra } from '@chakra-ui/react';
import { errorId, helpId, type FieldTemplateProps } from '@rjsf/utils';
import { showsErrors, type FormContext } from './form-context';

/**
 * One field: its label (with an asterisk when required, tied to the control by `for`), the
 * control, a hint, and the first error under it with the id the control's
 * aria-describedby names. Errors of a field wait until it was touched or the form submitted.
 */
export function FieldTemplate({ id, fieldPathId, label, required, children, rawErrors, rawHelp, hidden, registry }: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  // The form's root object only lays out its fields.
  if (fieldPathId.path.length === 0) return children;
  const context = registry.formContext as FormContext;
  const error = showsErrors(context, id) ? rawErrors?.[0] : undefined;
  return (
    <chakra.div display="grid" gap="1.5">
      <chakra.label htmlFor={id} fontWeight="600" textStyle="small">
        {label}
        {required ? (
          <chakra.span aria-hidden="true" color="red.700" ms="0.5">
            *
          </chakra.span>
        ) : null}
      </chakra.label>
      {children}
      {rawHelp ? (
        <chakra.p id={helpId(id)} textStyle="small" color="text.muted">
          {rawHelp}
        </chakra.p>
      ) : null}
      {error ? (
        <chakra.p id={errorId(id)} textStyle="small" color="red.700" fontWeight="500" data-field-error="">
          {error}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}
