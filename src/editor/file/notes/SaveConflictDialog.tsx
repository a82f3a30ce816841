import { Button, chakra } from '@chakra-ui/react';
import { createTwoFilesPatch } from 'diff';
import { ModalDialog } from '../../../dialogs/ModalDialog';
import { Patch } from '../../publishing/Patch';

export interface SaveConflictDialogProps {
  path: string;
  /** The file's text when it was opened or last saved. */
  savedText: string;
  /** Its text on disk now, when a save was refused because it changed; null: the dialog is closed. */
  onDisk: string | null;
  /** Writes the draft over the file as it is now. */
  onOverwrite: () => void;
  onClose: () => void;
}

/**
 * Said when a save was refused because the file changed on disk into something that is no
 * JSON, which cannot be merged: what changed, then keep editing (and save once the file is
 * mended) or write the draft over it.
 */
export function SaveConflictDialog({ path, savedText, onDisk, onOverwrite, onClose }: SaveConflictDialogProps) {
  return (
    <ModalDialog
      open={onDisk !== null}
      onClose={onClose}
      title="This page was changed elsewhere, and cannot be merged"
      closeLabel="Close"
      description="Someone changed it after you opened it, and the editor can no longer read it (a change by hand left half done, or two versions left unmerged). Nothing was written. This is what changed:"
    >
      {onDisk !== null ? (
        <Patch
          text={createTwoFilesPatch(path, path, savedText, onDisk, 'when you opened it', 'now')}
          label="What changed since you opened it"
        />
      ) : null}
      <chakra.div display="flex" gap="3" mt="4" flexWrap="wrap">
        {/* Keep editing first: the safe choice has the focus. Save again once the file is mended, and the changes merge. */}
        <Button variant="outline" onClick={onClose}>
          Keep editing
        </Button>
        <Button colorPalette="red" onClick={onOverwrite}>
          Replace it with your version
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
