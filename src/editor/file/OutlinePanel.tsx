import { Button, chakra } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { BlockType, Problem } from '../../content/api-types';
import { usePanes } from '../app/EditorPanes';
import { pathSegments } from '../form/ui-schema-of';
import type { Json } from './snapshot';
import { Outline } from './Outline';

export interface OutlinePanelProps {
  blocks: Json[];
  keys: string[];
  types: Map<string, BlockType>;
  selected: number | 'file';
  problems: Problem[];
  onSelect: (selected: number | 'file') => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
  /** Opens the palette to add a block at this position. */
  onInsert: (at: number) => void;
  /** Settings or a block chosen from the keyboard: its first field takes the cursor. */
  onOpen?: (chosen: number | 'file') => void;
}

/** The page's side panel: its settings, then its blocks in order (each with its count of problems), then a way to add one. */
export function OutlinePanel({
  blocks,
  keys,
  types,
  selected,
  problems,
  onSelect,
  onMove,
  onDuplicate,
  onDelete,
  onInsert,
  onOpen,
}: OutlinePanelProps) {
  const problemsByBlock = useMemo(() => {
    const counts = new Map<number, number>();
    for (const problem of problems) {
      const [first, second] = pathSegments(problem.path);
      if (first === 'blocks' && typeof second === 'number') counts.set(second, (counts.get(second) ?? 0) + 1);
    }
    return counts;
  }, [problems]);
  const { chose } = usePanes();
  /** Choosing a block (or the settings) is to edit it: on a phone its fields come into view. */
  const choose = (chosen: number | 'file'): void => {
    onSelect(chosen);
    chose();
  };
  return (
    <chakra.nav
      aria-label="Page outline"
      overflowY={{ base: 'visible', lg: 'auto' }}
      p="3"
      borderEndWidth="1px"
      borderColor="line.subtle"
      bg="surface.page"
    >
      {/* For the keyboard: past the list, to the fields of what is chosen (shown only while it has the focus). */}
      <chakra.button
        type="button"
        onClick={() => {
          chose();
          onOpen?.(selected);
        }}
        css={{ '&:not(:focus)': { srOnly: true } }}
        display="block"
        mb="2"
        textStyle="small"
        textDecoration="underline"
        data-skip-to-fields=""
      >
        Skip to the fields
      </chakra.button>
      <chakra.button
        type="button"
        onClick={(event) => {
          choose('file');
          // Enter or Space (a click with no pointer): on to the first field.
          if (event.detail === 0) onOpen?.('file');
        }}
        aria-current={selected === 'file' ? 'true' : undefined}
        w="full"
        textAlign="start"
        p="2"
        mb="3"
        borderRadius="md"
        borderWidth="1px"
        borderColor={selected === 'file' ? 'brand.solid' : 'line.subtle'}
        bg={selected === 'file' ? 'brand.subtle' : 'white'}
        fontWeight="650"
        textStyle="small"
        data-select-file=""
      >
        Page settings: title, address words, description
      </chakra.button>
      <Outline
        blocks={blocks}
        keys={keys}
        types={types}
        selected={selected === 'file' ? null : selected}
        problems={problemsByBlock}
        onSelect={choose}
        onMove={onMove}
        onDuplicate={onDuplicate}
        onDelete={onDelete}
        onInsert={onInsert}
        onOpen={(index) => onOpen?.(index)}
      />
      <Button size="sm" w="full" mt="3" onClick={() => onInsert(blocks.length)} data-add-block="">
        Add a block
      </Button>
    </chakra.nav>
  );
}
