import { chakra } from '@chakra-ui/react';

export interface ErrorScreenProps {
  title: string;
  status?: number | undefined;
  statusText?: string | undefined;
  message?: string | undefined;
  /** Shown in development only. */
  stack?: string | undefined;
}

/** The fallback screen for an error that stops the whole page from rendering: "Unexpected Application Error!", the status and status text (or the message) and the stack. */
export function ErrorScreen({ title, status, statusText, message, stack }: ErrorScreenProps) {
  return (
    <chakra.main p="8" maxW="4xl" mx="auto">
      <chakra.h1 textStyle="h2" mb="3">
        {title}
      </chakra.h1>
      <chakra.p textStyle="lead" fontStyle="italic" mb="4">
        {status !== undefined ? `${status} ${statusText ?? ''}`.trim() : message}
      </chakra.p>
      {status !== undefined && message ? <chakra.p mb="4">{message}</chakra.p> : null}
      {stack ? (
        <chakra.pre p="4" bg="surface.sunken" borderRadius="md" overflowX="auto" textStyle="small">
          {stack}
        </chakra.pre>
      ) : null}
    </chakra.main>
  );
}
