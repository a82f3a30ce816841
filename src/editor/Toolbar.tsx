import { Button, chakra } from '@chakra-ui/react';
import { EditorLink } from './EditorLink';
import { plural } from './plural';

export interface ToolbarProps {
  title: string;
  path: string;
  /** The page's address, or a template's pattern. */
  route: string | undefined;
  dirty: boolean;
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
  /** Offered only where there is a file on disk to go back to, or to delete. */
  onDiscard: (() => void) | undefined;
  onDelete: (() => void) | undefined;
  onSave: () => void;
  saving: boolean;
  /** How many problems the draft has: Save then shows the first instead. */
  problems: number;
}

/** The editor's header: the way back, what file this is and whether it is saved, and what can be done to it. */
export function Toolbar({ title, path, route, dirty, history, onDiscard, onDelete, onSave, saving, problems }: ToolbarProps) {
  return (
    <chakra.header
      display="flex"
      flexWrap="wrap"
      gap="3"
      alignItems="center"
      px="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="line.default"
      bg="white"
    >
      <EditorLink href="/">All pages</EditorLink>
      <chakra.div me="auto" minW="0">
        <chakra.h1 textStyle="h3" fontSize="lg" lineHeight="short">
          {title}
        </chakra.h1>
        <chakra.p textStyle="small" color="text.muted">
          {path}
          {route ? ` · ${route}` : ''}
          {dirty ? ' · unsaved changes' : ''}
        </chakra.p>
      </chakra.div>
      <Button size="sm" variant="outline" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
        Undo
      </Button>
      <Button size="sm" variant="outline" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
        Redo
      </Button>
      {onDiscard ? (
        <Button size="sm" variant="ghost" onClick={onDiscard}>
          Discard changes
        </Button>
      ) : null}
      {onDelete ? (
        <Button size="sm" variant="ghost" colorPalette="red" onClick={onDelete}>
          Delete
        </Button>
      ) : null}
      <Button size="sm" onClick={onSave} loading={saving} disabled={!dirty && problems === 0} aria-keyshortcuts="Control+S" data-save="">
        {problems > 0 ? `${plural(problems, 'problem')}: show the first` : 'Save'}
      </Button>
    </chakra.header>
  );
}
