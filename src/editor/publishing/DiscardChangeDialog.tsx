import { Button, chakra } from '@chakra-ui/react';
import { ModalDialog } from '../../dialogs/ModalDialog';
import type { ChangedFile } from '../../content/api-types';

/** What discarding does to the file, in words. */
function consequence(file: ChangedFile): string {
  const back = file.committed ? 'the version kept when you last published, which no live site has yet' : 'its last published version';
  switch (file.state) {
    case 'added':
      return file.committed
        ? `“${file.title}” goes back to ${back}.`
        : `“${file.title}” is new since the last publish: it will be deleted.`;
    case 'deleted':
      return `“${file.title}” comes back as ${back}.`;
    case 'renamed':
      return `“${file.title}” goes back to its old address, as ${back}.`;
    default:
      return `“${file.title}” goes back to ${back}.`;
  }
}

/** Asks before a file's unpublished changes are discarded: what it goes back to, and that this cannot be undone. */
export function DiscardChangeDialog({
  file,
  busy,
  onDiscard,
  onClose,
}: {
  file: ChangedFile | null;
  busy: boolean;
  onDiscard: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open={file !== null}
      onClose={onClose}
      title={`Discard the changes to ${file?.title ?? ''}?`}
      closeLabel="Close"
      role="alertdialog"
    >
      <chakra.p>{file ? consequence(file) : ''} The editor cannot bring the changes back afterwards.</chakra.p>
      {/* The safe choice first: the dialog's focus starts on it, so an Enter pressed by habit discards nothing. */}
      <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4">
        <Button variant="outline" onClick={onClose}>
          Keep the changes
        </Button>
        <Button colorPalette="red" onClick={onDiscard} aria-busy={busy || undefined} data-confirm-discard="">
          {busy ? 'Discarding…' : 'Discard the changes'}
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
