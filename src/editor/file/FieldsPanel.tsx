import { chakra } from '@chakra-ui/react';
import { backToList } from '../app/back-to-list';
import { type Ref, useMemo } from 'react';
import type { BlockType, FileKind, JsonSchema, Problem } from '../../content/api-types';
import { blocksOf, replaceBlock } from './block-operations';
import { EditorForm } from '../form/EditorForm';
import { pathSegments } from '../form/ui-schema-of';
import type { Json, Snapshot } from './snapshot';
import { SITE_FILE_NAME } from '../../content/site-file-name';

export interface FieldsPanelProps {
  draft: Snapshot;
  /** The block whose fields are shown, or the file's own. */
  selected: number | 'file';
  kind: FileKind;
  hasBlocks: boolean;
  collection: string | undefined;
  types: Map<string, BlockType>;
  /** The form of the file's own fields (a page's without its blocks). */
  fileSchema: JsonSchema | undefined;
  problems: Problem[];
  /** A change to the draft, and the field it was made in: typing on in one field is one undo step. */
  onChange: (next: Snapshot, field: string) => void;
  formRef: Ref<HTMLElement>;
}

/** The middle panel: the form of the chosen block, or of the file's own fields, with the validator's problems on its fields. */
export function FieldsPanel({
  draft,
  selected,
  kind,
  hasBlocks,
  collection,
  types,
  fileSchema,
  problems,
  onChange,
  formRef,
}: FieldsPanelProps) {
  const { value } = draft;
  const blocks = blocksOf(value);
  const formValue = useMemo(() => {
    if (selected !== 'file') return blocks[selected];
    const { $schema: _s, schemaVersion: _v, blocks: _b, ...rest } = value;
    return rest;
  }, [selected, blocks, value]);
  const formSchema = selected === 'file' ? fileSchema : types.get(String(blocks[selected]?.type))?.schema;
  const prefix = useMemo(() => (selected === 'file' ? [] : ['blocks', selected]), [selected]);
  const fileProblems = useMemo(
    () => (selected === 'file' ? problems.filter((problem) => pathSegments(problem.path)[0] !== 'blocks') : problems),
    [problems, selected],
  );
  const onFormChange = (next: Json, field: string | null): void => {
    if (selected === 'file') {
      // The form leaves out what is not a field ($schema, the version, the blocks): they are put back as they were.
      const bookkeeping = { $schema: value.$schema, schemaVersion: value.schemaVersion };
      onChange({ value: { ...bookkeeping, ...next, ...(hasBlocks ? { blocks: value.blocks } : {}) }, keys: draft.keys }, `file:${field}`);
    } else {
      onChange(replaceBlock(draft, selected, next), `${selected}:${field}`);
    }
  };

  return (
    <chakra.section
      ref={formRef}
      tabIndex={-1}
      aria-label="Fields"
      // Whose fields these are ("file", or a block's index): focusField waits for the ones it was asked for.
      id="fields"
      data-fields-of={String(selected)}
      onKeyDown={(event) => {
        // Escape in a field, not used by it (a list closing) nor in a dialog: back to the block list, to choose the next block.
        const target = event.target as HTMLElement;
        if (event.key !== 'Escape' || event.defaultPrevented || !hasBlocks || target === event.currentTarget || target.closest('dialog'))
          return;
        event.preventDefault();
        backToList(event.currentTarget, selected);
      }}
      overflowY={{ base: 'visible', lg: 'auto' }}
      p="4"
      borderEndWidth="1px"
      borderColor="line.subtle"
    >
      <chakra.h2 textStyle="h3" fontSize="md" mb="3">
        {selected === 'file'
          ? hasBlocks
            ? 'Page settings'
            : kind === 'site'
              ? SITE_FILE_NAME
              : `Entry of ${collection ?? 'a collection'}`
          : `Block ${selected + 1}: ${types.get(String(blocks[selected]?.type))?.title ?? String(blocks[selected]?.type)}`}
      </chakra.h2>
      {selected !== 'file' ? (
        <chakra.p textStyle="small" color="text.muted" mb="3">
          {types.get(String(blocks[selected]?.type))?.description}
        </chakra.p>
      ) : null}
      {formSchema ? (
        <EditorForm
          key={`${selected}:${draft.keys[selected === 'file' ? -1 : selected] ?? ''}`}
          schema={formSchema}
          value={formValue}
          problems={fileProblems}
          prefix={prefix}
          onChange={onFormChange}
        />
      ) : (
        <chakra.p>This block type is unknown: its file has a problem that the list above names.</chakra.p>
      )}
    </chakra.section>
  );
}
