import { Button, type ButtonProps, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EditorLink } from '../app/EditorLink';
import { plural } from '../../content/plural';

export interface ToolbarProps {
  /** The page's title (the site file's: what it holds): the header names the page by it, never by its file. */
  title: string;
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
  /** The file's published versions: offered for a file on disk. */
  historyHref: string | undefined;
  /** Publish, beside Save (PublishThisPage), where there is a saved change to publish. */
  publish?: ReactNode;
}

/**
 * A button that can be unavailable for a while and keeps the focus meanwhile: it says so with
 * `aria-disabled` (read as "dimmed", drawn faded by the `disabled` layer style) instead of the
 * `disabled` attribute, which would drop the focus to the page's body (after Save, or the last
 * Undo, with the keyboard).
 */
function UnavailableButton({ unavailable, onClick, ...props }: ButtonProps & { unavailable: boolean; onClick: () => void }) {
  return <Button {...props} aria-disabled={unavailable || undefined} onClick={unavailable ? undefined : onClick} />;
}

/** The editor's header: the way back, which page this is (its title and address) and whether it is saved, and what can be done to it. */
export function Toolbar({
  title,
  route,
  dirty,
  history,
  onDiscard,
  onDelete,
  onSave,
  saving,
  problems,
  historyHref,
  publish,
}: ToolbarProps) {
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
          {[route, dirty ? 'unsaved changes' : undefined].filter(Boolean).join(' · ')}
        </chakra.p>
      </chakra.div>
      {historyHref ? <EditorLink href={historyHref}>History</EditorLink> : null}
      <UnavailableButton
        size="sm"
        variant="outline"
        onClick={history.undo}
        unavailable={!history.canUndo}
        aria-keyshortcuts="Control+Z"
        data-undo=""
      >
        Undo
      </UnavailableButton>
      <UnavailableButton
        size="sm"
        variant="outline"
        onClick={history.redo}
        unavailable={!history.canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        Redo
      </UnavailableButton>
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
      <UnavailableButton
        size="sm"
        onClick={onSave}
        unavailable={saving || (!dirty && problems === 0)}
        aria-busy={saving || undefined}
        aria-keyshortcuts="Control+S"
        data-save=""
      >
        {saving ? 'Saving…' : problems > 0 ? `${plural(problems, 'problem')}: show the first` : 'Save'}
      </UnavailableButton>
      {publish}
    </chakra.header>
  );
}
