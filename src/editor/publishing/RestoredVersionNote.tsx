import { Button, chakra } from '@chakra-ui/react';
import { EditorLink } from '../app/EditorLink';
import { dateWords } from '../app/date-words';
import type { RestoredVersion } from '../file/hand-over';

/**
 * Said once a version from the history is the draft, or one version's change is taken back in it:
 * which one, that it is not saved yet, and what comes next.
 */
export function RestoredVersionNote({ version, onDismiss }: { version: RestoredVersion; onDismiss: () => void }) {
  return (
    <chakra.div role="note" px="4" py="2" bg="brand.subtle" textStyle="small" display="flex" flexWrap="wrap" gap="3" alignItems="center">
      {version.undone ? (
        <chakra.span data-undone-version={version.commit}>
          Your draft takes back “{version.subject}” by {version.author} ({dateWords(version.date)}) and keeps every change made since. Check
          it, save it, then publish it from <EditorLink href="/changes">Changes</EditorLink>; Undo takes it back.
        </chakra.span>
      ) : (
        <chakra.span data-restored-version={version.commit}>
          Your draft is now the version of {dateWords(version.date)} by {version.author} (“{version.subject}”)
          {version.upgradedFrom === undefined
            ? ''
            : `, upgraded from an older version of the page format (version ${version.upgradedFrom}) to today’s`}
          . Save it, then publish it from <EditorLink href="/changes">Changes</EditorLink>; Undo takes it back.
        </chakra.span>
      )}
      <Button size="2xs" variant="ghost" onClick={onDismiss}>
        Hide this note
      </Button>
    </chakra.div>
  );
}
