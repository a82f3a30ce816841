import { Button, chakra } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { ModalDialog } from '../../dialogs/ModalDialog';
import { api } from '../app/api';
import { clearDraft } from '../file/stored-draft';

export interface DeleteDialogProps {
  path: string;
  /** The page's title, as the dialog names it. */
  title: string;
  /** The hash of the file as opened or last saved: the server refuses to delete it if it changed since. */
  base: string | null;
  /** The places that link to it or name it, in a visitor's words ("the menu (Services › Testing)"); null: the dialog is closed. */
  dependents: string[] | null;
  onClose: () => void;
  /** The deletion was refused: why, as the status line says it. */
  onFailed: (status: string) => void;
}

/** Asks before a page is deleted, naming the places that link to it; deleted, it goes back to the list. */
export function DeleteDialog({ path, title, base, dependents, onClose, onFailed }: DeleteDialogProps) {
  const [, navigate] = useLocation();
  return (
    <ModalDialog open={dependents !== null} onClose={onClose} title={`Delete “${title}”?`} closeLabel="Close" role="alertdialog">
      {dependents && dependents.length > 0 ? (
        <>
          <chakra.p>
            {dependents.length === 1 ? 'This place links' : 'These places link'} to it. Until{' '}
            {dependents.length === 1 ? 'it is' : 'they are'} changed, the deletion cannot be published (Changes offers to take menu and
            footer links out):
          </chakra.p>
          <chakra.ul ps="6" listStyleType="disc" my="2" data-dependents="">
            {dependents.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </chakra.ul>
        </>
      ) : (
        <chakra.p>Nothing else on the site links to it.</chakra.p>
      )}
      {/* Cancel first: the dialog's focus starts on the first button (ModalDialog), and an Enter pressed by habit must not delete. */}
      <chakra.div display="flex" gap="3" mt="4">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          colorPalette="red"
          onClick={() =>
            void api.remove(path, base ?? '').then(
              () => {
                clearDraft(path);
                navigate('/');
              },
              (failure: Error) => onFailed(`Nothing was deleted: ${failure.message}`),
            )
          }
        >
          Delete the page
        </Button>
      </chakra.div>
    </ModalDialog>
  );
}
