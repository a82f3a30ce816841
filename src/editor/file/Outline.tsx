import { chakra } from '@chakra-ui/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { BlockType } from '../../content/api-types';
import { SmallAction } from '../app/SmallAction';

type Block = Record<string, unknown>;

/** A block in a line: its heading, or the first text it has, cut short. */
function summaryOf(block: Block): string {
  const preferred = ['heading', 'title', 'text', 'intro', 'eyebrow', 'label'];
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
  const found =
    preferred.map((key) => block[key]).find((value): value is string => typeof value === 'string' && value.trim() !== '') ??
    strings(Object.fromEntries(Object.entries(block).filter(([key]) => key !== 'type' && key !== 'anchor')))[0] ??
    '';
  return found.length > 70 ? `${found.slice(0, 69)}…` : found;
}

export interface OutlineProps {
  blocks: Block[];
  keys: string[];
  types: Map<string, BlockType>;
  selected: number | null;
  /** Problems by block index. */
  problems: Map<number, number>;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onDelete: (index: number) => void;
  onInsert: (at: number) => void;
  /** A block chosen from the keyboard: its fields take the cursor. */
  onOpen?: (index: number) => void;
}

/** The keys that move along a row's toolbar of actions, and where each goes from `at` of `count`. */
const TOOLBAR_KEYS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The keys that move between the blocks' buttons, as in a list: to the block before or after, the first or the last. */
const LIST_KEYS: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => Math.min(at + 1, count - 1),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Up and Down on a block's button: on to the block before or after it (Tab goes through its toolbar too). */
function onBlockKey(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
  const next = LIST_KEYS[event.key];
  if (!next) return;
  event.preventDefault();
  const buttons = document.querySelectorAll<HTMLElement>('[data-select-block]');
  buttons[next(index, buttons.length)]?.focus();
}

/** After a block was deleted: the block now at `index`, else the last one, else the panel's Add a block button. */
function focusAfterDelete(index: number): void {
  const rows = document.querySelectorAll<HTMLElement>('[data-select-block]');
  const target = rows[Math.min(index, rows.length - 1)] ?? document.querySelector<HTMLElement>('[data-add-block]');
  target?.focus();
}

function Row({
  id,
  index,
  count,
  block,
  type,
  selected,
  problems,
  props,
}: {
  id: string;
  index: number;
  count: number;
  block: Block;
  type: BlockType | undefined;
  selected: boolean;
  problems: number;
  props: OutlineProps;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const title = type?.title ?? String(block.type);
  const summary = summaryOf(block);
  // The row's actions are one toolbar, one Tab stop: the arrow keys move between them (the action last reached stays the stop).
  const [current, setCurrent] = useState(0);
  const roving = (at: number) => ({ tabIndex: at === current ? 0 : -1, onFocus: () => setCurrent(at) });
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = TOOLBAR_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const actions = [...event.currentTarget.querySelectorAll<HTMLElement>('button')];
    actions[next(current, actions.length)]?.focus();
  };
  return (
    <chakra.li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 1 : undefined}
      bg={selected ? 'brand.subtle' : 'white'}
      borderWidth="1px"
      borderColor={selected ? 'brand.solid' : 'line.subtle'}
      borderRadius="md"
      boxShadow={isDragging ? 'lg' : undefined}
      display="grid"
      gridTemplateColumns="auto 1fr"
      gap="2"
      p="2"
      data-block-row={index}
    >
      <chakra.button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        // Dragged with a pointer; from the keyboard, the toolbar's Up and Down move the block (it still takes Space once focused).
        tabIndex={-1}
        aria-label={`Reorder block ${index + 1}, ${title}`}
        aria-describedby={attributes['aria-describedby']}
        cursor="grab"
        px="1.5"
        borderRadius="sm"
        color="text.muted"
        _hover={{ bg: 'surface.sunken' }}
        touchAction="none"
      >
        <span aria-hidden="true">⋮⋮</span>
      </chakra.button>
      <chakra.div minW="0">
        <chakra.button
          type="button"
          onClick={(event) => {
            props.onSelect(index);
            // Enter or Space (a click with no pointer): on to the block's first field.
            if (event.detail === 0) props.onOpen?.(index);
          }}
          onKeyDown={(event) => onBlockKey(event, index)}
          aria-current={selected ? 'true' : undefined}
          textAlign="start"
          w="full"
          display="grid"
          gap="0.5"
          data-select-block={index}
        >
          <chakra.span fontWeight="650" textStyle="small">
            {index + 1}. {title}
            {problems > 0 ? (
              <chakra.span ms="2" px="1.5" borderRadius="full" bg="red.100" color="red.800" fontWeight="600">
                {problems} {problems === 1 ? 'problem' : 'problems'}
              </chakra.span>
            ) : null}
          </chakra.span>
          {summary ? (
            <chakra.span textStyle="small" color="text.muted" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
              {summary}
            </chakra.span>
          ) : null}
        </chakra.button>
        <chakra.div
          display="flex"
          flexWrap="wrap"
          gap="0.5"
          mt="1"
          ms="-1.5"
          role="toolbar"
          aria-label={`Block ${index + 1}, ${title}: move, copy, add after or delete (arrow keys)`}
          onKeyDown={onToolbarKey}
        >
          <SmallAction
            {...roving(0)}
            disabled={index === 0}
            onClick={() => props.onMove(index, index - 1)}
            label={`Move block ${index + 1}, ${title}, up`}
          >
            ↑
          </SmallAction>
          <SmallAction
            {...roving(1)}
            disabled={index === count - 1}
            onClick={() => props.onMove(index, index + 1)}
            label={`Move block ${index + 1}, ${title}, down`}
          >
            ↓
          </SmallAction>
          <SmallAction {...roving(2)} onClick={() => props.onDuplicate(index)} label={`Copy block ${index + 1}, ${title}`}>
            Copy
          </SmallAction>
          <SmallAction {...roving(3)} onClick={() => props.onInsert(index + 1)} label={`Add a block after block ${index + 1}, ${title}`}>
            Add
          </SmallAction>
          <SmallAction
            {...roving(4)}
            onClick={() => {
              props.onDelete(index);
              // The row is gone, and its button with it: the focus goes to the block now in its place (or the one before).
              requestAnimationFrame(() => focusAfterDelete(index));
            }}
            label={`Delete block ${index + 1}, ${title}`}
            danger
          >
            Delete
          </SmallAction>
        </chakra.div>
      </chakra.div>
    </chakra.li>
  );
}

/**
 * The page's blocks in order. Each can be dragged by its handle with a pointer, or from the
 * keyboard (Space or Enter picks it up, the arrow keys move it, Space drops it, Escape puts
 * it back), or moved with its Up and Down buttons; every move is announced.
 */
export function Outline(props: OutlineProps) {
  const { blocks, keys, types } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const describe = (id: string | number): string => {
    const index = keys.indexOf(String(id));
    const block = blocks[index];
    return `block ${index + 1}, ${types.get(String(block?.type))?.title ?? String(block?.type)}`;
  };
  const position = (id: string | number | undefined): number => keys.indexOf(String(id)) + 1;
  /** Whether the block picked up has moved yet. */
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${describe(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`;
    },
    // dnd-kit reports the block over itself as soon as it is picked up: saying so would cut
    // the instructions short, so only a move is announced.
    onDragOver: ({ active, over }) => {
      if (!over || (!moved.current && over.id === active.id)) return undefined;
      moved.current = true;
      return `${describe(active.id)} is over position ${position(over.id)} of ${keys.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${describe(active.id)} at position ${position(over.id)} of ${keys.length}.` : `Dropped ${describe(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled; it is back at position ${position(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent): void => {
    if (!over || active.id === over.id) return;
    props.onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a block, drag its handle, or use Up and Down in its toolbar of actions (reached with Tab after the block; the arrow keys move between its actions).',
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <chakra.ol display="grid" gap="2" listStyle="none" aria-label="Blocks of this page">
          {blocks.map((block, index) => (
            <Row
              key={keys[index]}
              id={keys[index] ?? String(index)}
              index={index}
              count={blocks.length}
              block={block}
              type={types.get(String(block.type))}
              selected={props.selected === index}
              problems={props.problems.get(index) ?? 0}
              props={props}
            />
          ))}
        </chakra.ol>
      </SortableContext>
    </DndContext>
  );
}
