import { chakra } from '@chakra-ui/react';
import { errorId, helpId, type FieldProps } from '@rjsf/utils';
import { useId, useRef, type ChangeEvent } from 'react';
import { showsErrors, type FormContext } from './form-context';

/** What the form data holds of a chosen file. */
interface Chosen {
  name?: string;
  size?: number;
}

/** "240 kB", "1.3 MB": a file's size as people read it. */
function sizeInWords(bytes: number): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/**
 * A file chosen for upload (the CV). The form data keeps only its name and size, which the
 * schema checks (allowed formats, at most 5 MB); the file itself waits in the form context
 * and is sent as multipart data. RJSF's own file widget would read the whole file into a
 * data URL instead, which freezes the page for a large file.
 *
 * The browser's own input stays the control (labelled, focusable, opened with Enter or
 * Space) but is drawn as the site's button; the chosen file shows with its size and a way to
 * remove it. The words come from the form's ui schema.
 */
export function FileField({ fieldPathId, formData, uiSchema, errorSchema, registry, onChange, onBlur, required, disabled }: FieldProps) {
  const id = fieldPathId.$id;
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const context = registry.formContext as FormContext;
  const chosen = (formData ?? undefined) as Chosen | undefined;
  const childErrors = [
    ...(errorSchema?.__errors ?? []),
    ...((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.name?.__errors ?? []),
    ...((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.size?.__errors ?? []),
  ];
  const invalid = showsErrors(context, id) && childErrors.length > 0;
  const options = (uiSchema?.['ui:options'] ?? {}) as { accept?: string; hint?: string; chooseLabel?: string; removeLabel?: string };
  const off = disabled || context.sending;
  const choose = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    if (file) context.files.set(id, file);
    else context.files.delete(id);
    onChange(file ? { name: file.name, size: file.size } : undefined, fieldPathId.path);
    onBlur(id, file?.name);
  };
  const remove = (): void => {
    if (input.current) input.current.value = '';
    context.files.delete(id);
    onChange(undefined, fieldPathId.path);
    input.current?.focus();
  };
  return (
    <>
      <chakra.div
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        gap="3"
        p="3"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor={invalid ? 'red.600' : 'ink.400'}
        borderRadius="md"
        bg="surface.sunken"
        position="relative"
        css={{ '& input:focus-visible + label': { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' } }}
      >
        <chakra.input
          ref={input}
          type="file"
          id={id}
          name={id}
          accept={options.accept}
          onChange={choose}
          disabled={off}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[invalid ? errorId(id) : '', options.hint ? helpId(id) : '', statusId].filter(Boolean).join(' ')}
          position="absolute"
          w="1px"
          h="1px"
          opacity="0"
          overflow="hidden"
        />
        <chakra.label
          htmlFor={id}
          display="inline-flex"
          alignItems="center"
          minH="10"
          px="4"
          borderRadius="md"
          borderWidth="1px"
          borderColor="brand.solid"
          bg="white"
          color="brand.fg"
          fontWeight="600"
          textStyle="small"
          cursor={off ? 'not-allowed' : 'pointer'}
          opacity={off ? 0.6 : 1}
          _hover={off ? undefined : { bg: 'brand.subtle' }}
        >
          {options.chooseLabel}
        </chakra.label>
        <chakra.p id={statusId} aria-live="polite" flex="1 1 10rem" minW="0" textStyle="small" overflowWrap="anywhere" data-file-chosen="">
          {chosen?.name ? (
            <>
              <chakra.span fontWeight="600">{chosen.name}</chakra.span>
              {typeof chosen.size === 'number' ? <chakra.span color="text.muted"> · {sizeInWords(chosen.size)}</chakra.span> : null}
            </>
          ) : null}
        </chakra.p>
        {chosen?.name ? (
          <chakra.button
            type="button"
            onClick={remove}
            disabled={off}
            textStyle="small"
            fontWeight="600"
            color="brand.fg"
            textDecoration="underline"
            textUnderlineOffset="3px"
            cursor="pointer"
            px="1"
          >
            {options.removeLabel}
            <chakra.span srOnly> {chosen.name}</chakra.span>
          </chakra.button>
        ) : null}
      </chakra.div>
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
