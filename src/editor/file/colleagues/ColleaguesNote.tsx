import { Button, chakra } from '@chakra-ui/react';
import type { PublishedSince } from '../../../content/colleague-types';
import { colleagueWords } from './colleague-words';

export interface ColleaguesNoteProps {
  since: PublishedSince;
  title: string;
  /** When the page was opened here (ms): a publish after it was made "since you opened it". */
  openedAt: number;
  /** Takes their change into the draft; absent while it is being done. */
  onBringIn?: () => void;
  bringing: boolean;
}

/**
 * Said when colleagues published this page since the version the draft started from: who and
 * when, and, for a page still where it was, the offer to bring their change into the draft.
 */
export function ColleaguesNote({ since, title, openedAt, onBringIn, bringing }: ColleaguesNoteProps) {
  return (
    <chakra.div
      role="status"
      px="4"
      py="2"
      bg="brand.subtle"
      textStyle="small"
      display="flex"
      gap="3"
      alignItems="center"
      flexWrap="wrap"
      data-colleagues=""
    >
      <chakra.span>{colleagueWords(since, title, openedAt, Date.now())}</chakra.span>
      {since.state === 'changed' ? (
        <Button size="2xs" variant="outline" aria-busy={bringing || undefined} onClick={bringing ? undefined : onBringIn}>
          {bringing ? 'Bringing their change in…' : 'Bring their change in'}
        </Button>
      ) : null}
    </chakra.div>
  );
}
