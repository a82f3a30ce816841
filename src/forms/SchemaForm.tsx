import { chakra } from '@chakra-ui/react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type { Site } from '../generated/schema-types';
import { placeFormErrors } from './field-errors';
import { fetchFormToken } from './fetch-form-token';
import { forms, type FormKind } from './forms';
import { theme } from './theme';
import type { FormContext } from './theme/form-context';

/** A failed send: no answer within this time counts as a failure, like a network error. */
const SEND_TIMEOUT_MS = 15_000;

type Dialog = Site['dialogs']['enquiry'];

export interface SchemaFormProps {
  kind: FormKind;
  endpoint: string;
  dialog: Dialog;
  email: string;
  onSent: () => void;
}

/**
 * A form rendered by RJSF from its schema. Fields are checked on change and on blur (their
 * errors show once touched), everything on submit, where focus moves to the first invalid
 * field. While sending, the button shows progress and cannot be pressed twice; if sending
 * fails, an alert says so and everything typed stays in the form.
 */
export function SchemaForm({ kind, endpoint, dialog, email, onSent }: SchemaFormProps) {
  const definition = forms[kind];
  const form = useRef<Form>(null);
  const files = useRef(new Map<string, File>()).current;
  const [formData, setFormData] = useState<object>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed'>('idle');
  // RJSF focuses the first error whenever it validates, blur included; only a submit should.
  const submitting = useRef(false);
  const focusFirstError = (error: RJSFValidationError): void => {
    if (!submitting.current) return;
    submitting.current = false;
    const field = (error.property ?? '').split('.').filter(Boolean)[0];
    if (field) document.getElementById(`${kind}_${field}`)?.focus();
  };
  const touch = (id: string | undefined): void => {
    if (id) setTouched((before) => (before.has(id) ? before : new Set([...before, id])));
  };
  // A field left by pressing something below it (the send button, the CV's Remove) shows its
  // message only once that press is a click: shown at once, it would push the button down
  // between press and release, and the click would miss it.
  const pressing = useRef(false);
  const leftWhilePressing = useRef<string[]>([]);
  const onPointerDownCapture = (): void => {
    pressing.current = true;
    // After the release's click has run (or the press was cancelled, as by a scroll).
    const release = (): void => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      setTimeout(() => {
        pressing.current = false;
        for (const id of leftWhilePressing.current.splice(0)) touch(id);
      });
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  const leave = (id: string | undefined): void => {
    if (pressing.current && id) leftWhilePressing.current.push(id);
    else touch(id);
  };
  // The form's time token, asked for as it opens; the honeypot, a field no person sees or reaches.
  const token = useRef<Promise<string | undefined> | undefined>(undefined);
  const trap = useRef<HTMLInputElement>(null);
  const askToken = (): void => {
    token.current = fetchFormToken(kind, endpoint);
  };
  // Asked anew when the form is another one.
  useEffect(askToken, [kind, endpoint]);
  /** A token that could not be had as the form opened (a network blip) is asked for again as the person types. */
  const keepToken = (): void => {
    void token.current?.then((issued) => {
      if (issued === undefined) askToken();
    });
  };
  const context: FormContext = { touched, submitted, sending: status === 'sending', sendingLabel: dialog.sendingLabel, files };

  const send = async ({ formData: data }: IChangeEvent): Promise<void> => {
    if (status === 'sending') return;
    setStatus('sending');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    try {
      const request: { body: BodyInit; headers?: Record<string, string> } = definition.encode(data as never, files);
      const issued = await token.current;
      const headers: Record<string, string> = {
        ...request.headers,
        ...(issued ? { 'X-Form-Token': issued } : {}),
        ...(trap.current?.value ? { 'X-Form-Trap': trap.current.value.slice(0, 200) } : {}),
      };
      const response = await fetch(endpoint, { method: 'POST', body: request.body, headers, signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setStatus('idle');
      // A token is good for one submission: the next one this form sends gets its own.
      askToken();
      onSent();
    } catch {
      setStatus('failed');
    } finally {
      clearTimeout(timer);
    }
  };

  return (
    // A submit attempt, valid or not, reveals the errors of fields not yet visited.
    <div
      onPointerDownCapture={onPointerDownCapture}
      onSubmitCapture={() => {
        submitting.current = true;
        setSubmitted(true);
      }}
    >
      {status === 'failed' ? (
        <chakra.div
          role="alert"
          mb="4"
          p="4"
          borderRadius="md"
          bg="red.50"
          borderWidth="1px"
          borderColor="red.300"
          color="red.900"
          textStyle="small"
        >
          <p>{dialog.failure.text}</p>
          <chakra.p mt="1">
            {dialog.failure.mailLabel}{' '}
            <chakra.a href={`mailto:${email}`} fontWeight="600" textDecoration="underline">
              {email}
            </chakra.a>
          </chakra.p>
          <chakra.button
            type="button"
            mt="3"
            px="3"
            py="1.5"
            borderRadius="md"
            bg="red.700"
            color="white"
            fontWeight="600"
            cursor="pointer"
            onClick={() => form.current?.submit()}
          >
            {dialog.failure.retryLabel}
          </chakra.button>
        </chakra.div>
      ) : null}
      <Form
        ref={form}
        idPrefix={kind}
        schema={definition.schema}
        uiSchema={definition.uiSchema}
        validator={definition.validator}
        formData={formData}
        formContext={context}
        templates={theme.templates}
        widgets={theme.widgets}
        fields={theme.fields}
        liveValidate="onChange"
        noHtml5Validate
        focusOnFirstError={focusFirstError}
        showErrorList={false}
        transformErrors={(errors) => placeFormErrors(errors, definition.schema)}
        onChange={(event, id) => {
          setFormData(event.formData as object);
          touch(id);
          keepToken();
        }}
        onBlur={(id) => {
          leave(id);
          form.current?.validateForm();
        }}
        // Only a submit shows every error; RJSF also reports errors after a blur's validation.
        onError={() => undefined}
        onSubmit={(event) => void send(event)}
      />
      {/* The honeypot: out of sight, out of the Tab order and out of the accessibility tree (inert), and named so
          that no autofill or password manager takes it for a field of theirs. Only a bot that fills every input fills it. */}
      <chakra.div inert aria-hidden="true" position="absolute" insetStart="-10000px" top="0" w="1px" h="1px" overflow="hidden">
        <label htmlFor={`${kind}-reference`}>Reference (leave empty)</label>
        <input
          ref={trap}
          id={`${kind}-reference`}
          name={`${kind}_reference_x`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-trap=""
        />
      </chakra.div>
    </div>
  );
}
