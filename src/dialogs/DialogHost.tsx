import { chakra, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Site } from '../generated/schema-types';
import { SchemaForm } from '../forms/SchemaForm';

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
 * dialog once sent. One is open at a time; closing returns focus to the button that opened
 * it, and closing a form dialog clears its form (its content unmounts).
 */
export default function DialogHost({ dialogs, endpoints, email, initial, onReady }: DialogHostProps) {
  const [showing, setShowing] = useState<Showing>({ kind: initial, step: 'form' });
  useEffect(() => onReady((kind) => setShowing({ kind, step: 'form' })), [onReady]);
  const close = (): void => setShowing(null);
  return (Object.keys(dialogs) as DialogKind[]).flatMap((kind) => {
    const dialog = dialogs[kind];
    return [
      <Dialog.Root key={kind} open={showing?.kind === kind && showing.step === 'form'} onOpenChange={(details) => !details.open && close()} placement="center" size="lg" scrollBehavior="inside" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-dialog={kind}>
              <Dialog.Header pe="14">
                <Dialog.Title textStyle="h3">{dialog.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SchemaForm kind={kind} endpoint={endpoints[kind]} dialog={dialog} email={email} onSent={() => setShowing({ kind, step: 'thanks' })} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={dialog.closeLabel} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>,
      <Dialog.Root key={`${kind}-thanks`} role="alertdialog" open={showing?.kind === kind && showing.step === 'thanks'} onOpenChange={(details) => !details.open && close()} placement="center" size="sm" lazyMount unmountOnExit>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-dialog={`${kind}-thanks`} textAlign="center" alignItems="center" p="6">
              <chakra.img src={dialog.thanks.image.src} alt={dialog.thanks.image.alt} width={dialog.thanks.image.width} height={dialog.thanks.image.height} mt="4" />
              <Dialog.Title textStyle="h3" mt="4">
                {dialog.thanks.heading}
              </Dialog.Title>
              <Dialog.Description mt="2" color="text.muted">
                {dialog.thanks.text}
              </Dialog.Description>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={dialog.thanks.closeLabel} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>,
    ];
  });
}
