import { Button, chakra } from '@chakra-ui/react';
import type { ChangedFile } from '../../content/api-types';
import { plural } from '../../content/plural';
import { EditorLink } from '../app/EditorLink';
import { fileStateWords } from './file-state-words';

/** One changed file: its checkbox (none to tick while it has problems), what changed, and its problems. */
export function ChangeRow({
  file,
  published,
  chosen,
  onToggle,
  onDiscard,
}: {
  file: ChangedFile;
  /** The commit of the last published state; null when nothing is published yet. */
  published: string | null;
  chosen: boolean;
  onToggle: (chosen: boolean) => void;
  onDiscard: () => void;
}) {
  const id = `change-${file.path}`;
  const blocked = file.problems.length > 0;
  const first = file.problems[0];
  return (
    <chakra.li
      display="grid"
      gridTemplateColumns="auto 1fr"
      alignItems="start"
      gap="3"
      py="3"
      borderBottomWidth="1px"
      borderColor="line.subtle"
      data-change={file.path}
    >
      <chakra.input
        id={id}
        type="checkbox"
        mt="1.5"
        checked={chosen && !blocked}
        disabled={blocked}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={`${id}-about`}
      />
      <chakra.div display="grid" gap="1">
        <chakra.label htmlFor={id} fontWeight="650">
          {file.title}
        </chakra.label>
        <chakra.div id={`${id}-about`} textStyle="small" display="grid" gap="1">
          <chakra.span color="text.muted" overflowWrap="anywhere">
            {/* The page is named by its title above; its file (or the one it moved from) is no word of the person's. */}
            {fileStateWords[file.state]}
            {file.committed ? ' · not yet published' : ''}
          </chakra.span>
          {file.summary ? <chakra.span>{file.summary}</chakra.span> : null}
          {first ? (
            <chakra.span color="red.700" fontWeight="600">
              {plural(file.problems.length, 'problem')}, so it cannot be published yet: {first.editorMessage ?? first.message}
            </chakra.span>
          ) : null}
        </chakra.div>
        <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" textStyle="small">
          {first && file.state !== 'deleted' ? (
            <EditorLink
              href={`/edit?path=${encodeURIComponent(file.path)}&problem=first`}
            >{`Open ${file.title} at its first problem`}</EditorLink>
          ) : null}
          {published && file.state === 'modified' && file.kind !== 'media' ? (
            <EditorLink href={`/history?path=${encodeURIComponent(file.path)}&compare=${published}`}>Before and after</EditorLink>
          ) : null}
          {file.kind !== 'media' ? <EditorLink href={`/history?path=${encodeURIComponent(file.path)}`}>History</EditorLink> : null}
          {file.uncommitted ? (
            <Button size="2xs" variant="ghost" colorPalette="red" onClick={onDiscard} aria-label={`Discard the changes to ${file.title}`}>
              Discard
            </Button>
          ) : null}
        </chakra.div>
      </chakra.div>
    </chakra.li>
  );
}
