import { Button, chakra } from '@chakra-ui/react';
import { useEffect, useReducer } from 'react';
import { useLocation } from 'wouter';
import { api } from '../app/api';
import type { DeletedFile } from '../../content/api-types';
import { EditorLink } from '../app/EditorLink';
import { dateWords } from '../app/date-words';
import { handOver } from '../file/hand-over';
import { deletedState, initialDeleted } from './deleted-state';

/**
 * The pages, entries and templates deleted since, newest deletion first: who deleted each, when
 * and why, its history, and a button that brings its last version back as a new draft. Its state
 * is one reducer (deleted-state.ts).
 */
export function DeletedPage() {
  const [, navigate] = useLocation();
  const [{ files, error, status }, dispatch] = useReducer(deletedState, initialDeleted);
  useEffect(() => {
    document.title = 'Deleted pages – Page editor';
    api
      .deleted()
      .then((listed) => dispatch({ type: 'listed', files: listed }))
      .catch((failure: Error) => dispatch({ type: 'listFailed', message: failure.message }));
  }, []);

  const restore = async (file: DeletedFile): Promise<void> => {
    dispatch({ type: 'restoreStarted', file });
    try {
      const [restored, last] = await Promise.all([api.restore(file.path, file.lastVersion), api.history(file.path)]);
      const version = last.versions.find((each) => each.commit === file.lastVersion);
      handOver(file.path, restored, version ?? { ...file.deleted, commit: file.lastVersion }, false);
      navigate(`/edit?path=${encodeURIComponent(file.path)}`);
    } catch (failure) {
      dispatch({ type: 'restoreFailed', file, message: (failure as Error).message });
    }
  };

  return (
    <chakra.main maxW="4xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto">
          Deleted pages
        </chakra.h1>
        <EditorLink href="/">All pages</EditorLink>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {files === null && !error ? <chakra.p>Reading the history…</chakra.p> : null}
      <chakra.p role="status" mb="3">
        {status}
      </chakra.p>
      {files?.length === 0 ? <chakra.p>No page, entry or template has been deleted.</chakra.p> : null}
      {files && files.length > 0 ? (
        <chakra.ul listStyle="none">
          {files.map((file) => (
            <chakra.li key={file.path} py="3" borderBottomWidth="1px" borderColor="line.subtle" data-deleted={file.path}>
              <chakra.p id={`deleted-${file.path}`} fontWeight="650">
                {file.title}
              </chakra.p>
              <chakra.p textStyle="small" color="text.muted" overflowWrap="anywhere">
                Deleted by {file.deleted.author.name} on <time dateTime={file.deleted.date}>{dateWords(file.deleted.date)}</time> (“
                {file.deleted.subject}”)
              </chakra.p>
              <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mt="2">
                <Button size="xs" variant="outline" onClick={() => void restore(file)} aria-describedby={`deleted-${file.path}`}>
                  Restore
                </Button>
                <EditorLink href={`/history?path=${encodeURIComponent(file.path)}`}>{`History of ${file.title}`}</EditorLink>
              </chakra.div>
            </chakra.li>
          ))}
        </chakra.ul>
      ) : null}
    </chakra.main>
  );
}
