import { Button, chakra } from '@chakra-ui/react';
import { createTwoFilesPatch } from 'diff';
import { ModalDialog } from '../dialogs/ModalDialog';
import { Patch } from './Patch';

export interface SaveConflictDialogProps {
  path: string;
  /** The file's text when it was opened or last saved. */
  savedText: string;
  /** Its text on disk now, when a save was refused because it changed; null: the dialog is closed. */
  onDisk: string | null;
  onReload: () => void;
  onClose: () => void;
}

/** Said when a save was refused because the file changed on disk: what changed, then reload it or keep editing. */
export function SaveConflictDialog({ path, savedText, onDisk, onReload, onClose }: SaveConflictDialogProps) {
  return (
    <ModalDialog
      open={onDisk !== null}
      onClose={onClose}
      title="This file changed on disk"
      closeLabel="Close"
      description="Someone or something changed it after you opened it (a hand edit, a git pull). Nothing was written. This is what changed:"
    >
      {onDisk !== null ? (
        <Patch
          text={createTwoFilesPatch(path, path, savedText, onDisk, 'when you opened it', 'on disk now')}
          label="What changed on disk"
        />
      ) : null}
      <chakra.div display="flex" gap="3" mt="4" flexWrap="wrap">
        <Button onClick={onReload}>Reload it from disk (your changes are dropped)</Button>
        <Button variant="outline" onClick={onClose}>
          Keep editing
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
