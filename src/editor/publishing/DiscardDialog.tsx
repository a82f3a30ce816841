import { Button, chakra } from '@chakra-ui/react';
import { ModalDialog } from '../../dialogs/ModalDialog';

export interface DiscardDialogProps {
  open: boolean;
  title: string;
  onDiscard: () => void;
  onClose: () => void;
}

/** Asks before the draft's changes are discarded; says that Undo brings them back. */
export function DiscardDialog({ open, title, onDiscard, onClose }: DiscardDialogProps) {
  return (
    <ModalDialog open={open} onClose={onClose} title={`Discard your changes to ${title}?`} closeLabel="Close" role="alertdialog">
      <chakra.p>The page goes back to how it was last saved. Until you leave this page, Undo (Ctrl+Z) brings your changes back.</chakra.p>
      {/* Keep editing first: the dialog's focus starts on the first button, and an Enter pressed by habit must not discard. */}
      <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4">
        <Button variant="outline" onClick={onClose}>
          Keep editing
        </Button>
        <Button colorPalette="red" onClick={onDiscard} data-confirm-discard="">
          Discard changes
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
