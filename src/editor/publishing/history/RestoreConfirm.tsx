import { Button, chakra } from '@chakra-ui/react';
import type { Version } from '../../../content/api-types';
import { ModalDialog } from '../../../dialogs/ModalDialog';
import { dateWords } from '../../app/date-words';
import { restoreWords } from './restore-words';

/**
 * Asked before a whole version is restored: which later changes it takes back, and by whom.
 * Nothing happens until confirmed; the safe choice comes first, so an Enter pressed by habit keeps the page.
 */
export function RestoreConfirm({
  versions,
  version,
  savedHere,
  onConfirm,
  onCancel,
}: {
  versions: readonly Version[];
  version: Version | null;
  savedHere: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      open={version !== null}
      onClose={onCancel}
      title={version ? `Restore the version of ${dateWords(version.date)} by ${version.author.name}?` : ''}
      closeLabel="Close"
      role="alertdialog"
    >
      <chakra.p data-restore-words="">{version ? restoreWords(versions, version, savedHere) : ''}</chakra.p>
      <chakra.p mt="2">It becomes your draft, to check and save; nothing is published until you publish it.</chakra.p>
      <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4">
        <Button variant="outline" onClick={onCancel}>
          Keep the page as it is
        </Button>
        <Button onClick={onConfirm} data-confirm-restore="">
          Restore this version
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
