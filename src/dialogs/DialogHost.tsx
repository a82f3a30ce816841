import { Button, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Site } from '../generated/schema-types';
import { SchemaForm } from '../forms/SchemaForm';
import { ModalDialog } from './ModalDialog';

export type DialogKind = keyof Site['dialogs'];

export interface DialogHostProps {
  dialogs: Site['dialogs'];
  endpoints: Site['endpoints'];
  email: string;
  /** The dialog to open first. */
  initial: DialogKind;
  /** Receives the function that opens a dialog later, from any button on the page. */
  onReady: (open: (kind: DialogKind) => void) => void;
}

type Showing = { kind: DialogKind; step: 'form' | 'thanks' } | null;

/**
 * The site's dialogs: the enquiry and the job application, each followed by its thank-you
 * dialog once sent. One is open at a time; closing a form dialog clears its form.
 */
export default function DialogHost({ dialogs, endpoints, email, initial, onReady }: DialogHostProps) {
  const [showing, setShowing] = useState<Showing>({ kind: initial, step: 'form' });
  useEffect(() => onReady((kind) => setShowing({ kind, step: 'form' })), [onReady]);
  const close = (): void => setShowing(null);
  return (Object.keys(dialogs) as DialogKind[]).flatMap((kind) => {
    const dialog = dialogs[kind];
    return [
      <ModalDialog
        key={kind}
        open={showing?.kind === kind && showing.step === 'form'}
        onClose={close}
        title={dialog.title}
        closeLabel={dialog.closeLabel}
      >
        <SchemaForm
          kind={kind}
          endpoint={endpoints[kind]}
          dialog={dialog}
          email={email}
          onSent={() => setShowing({ kind, step: 'thanks' })}
        />
      </ModalDialog>,
      <ModalDialog
        key={`${kind}-thanks`}
        role="alertdialog"
        size="sm"
        closeOnBackdrop
        open={showing?.kind === kind && showing.step === 'thanks'}
        onClose={close}
        title={dialog.thanks.heading}
        description={dialog.thanks.text}
        closeLabel={dialog.thanks.closeLabel}
        illustration={
          <chakra.img
            src={dialog.thanks.image.src}
            alt={dialog.thanks.image.alt}
            htmlWidth={dialog.thanks.image.width}
            htmlHeight={dialog.thanks.image.height}
            mx="auto"
            mb="4"
          />
        }
      >
        {/* The message ends with a plain button that closes it (focus starts there), as well as the corner's ✕. */}
        <chakra.div display="flex" justifyContent="center" mt="2">
          <Button onClick={close}>{dialog.thanks.closeLabel}</Button>
        </chakra.div>
      </ModalDialog>,
    ];
  });
}
