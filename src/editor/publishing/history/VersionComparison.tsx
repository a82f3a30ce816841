import { chakra } from '@chakra-ui/react';
import type { Comparison } from '../../../content/api-types';

type FieldChange = Comparison['fields'][number];
type BlockComparison = Comparison['blocks'][number];

/** A value as a person reads it: text as it is, a list by its count, anything else in short. */
function valueWords(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  if (value === null) return '(none)';
  // An item of a list (a card, a link): its own words, one after the other.
  const words = Object.values(value as Record<string, unknown>).filter(
    (field): field is string => typeof field === 'string' && field !== '',
  );
  const text = words.join(' · ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text || '(an item)';
}

const BLOCK_WORDS: Record<BlockComparison['status'], string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  unchanged: 'unchanged',
};

/** What became of a block: "changed and moved up". */
function blockStatus(block: BlockComparison): string {
  const moved = block.moved ? `moved ${block.moved}` : '';
  if (block.status === 'unchanged') return moved;
  return [BLOCK_WORDS[block.status], moved].filter(Boolean).join(' and ');
}

/** The changed fields of a block or of the file, each with its value in both versions, side by side. */
function FieldTable({ fields, caption }: { fields: FieldChange[]; caption: string }) {
  return (
    <chakra.table w="full" textStyle="small" css={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <chakra.caption srOnly>{caption}</chakra.caption>
      <thead>
        <tr>
          {['Field', 'Before', 'After'].map((heading) => (
            <chakra.th
              key={heading}
              scope="col"
              textAlign="start"
              fontWeight="600"
              color="text.muted"
              py="1"
              pe="3"
              w={heading === 'Field' ? '30%' : '35%'}
            >
              {heading}
            </chakra.th>
          ))}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <chakra.tr key={`${field.change}:${field.path.join('/')}`} borderTopWidth="1px" borderColor="line.subtle" verticalAlign="top">
            <chakra.th scope="row" textAlign="start" fontWeight="600" py="1.5" pe="3" overflowWrap="anywhere">
              {field.place}
              {field.change === 'changed' ? '' : ` (${field.change})`}
            </chakra.th>
            <chakra.td py="1.5" pe="3" overflowWrap="anywhere" color={field.before === undefined ? 'text.muted' : undefined}>
              {field.change === 'moved' ? '' : valueWords(field.before)}
            </chakra.td>
            <chakra.td py="1.5" pe="3" overflowWrap="anywhere" color={field.after === undefined ? 'text.muted' : undefined}>
              {field.change === 'moved' ? '' : valueWords(field.after)}
            </chakra.td>
          </chakra.tr>
        ))}
      </tbody>
    </chakra.table>
  );
}

/**
 * Two versions compared: one line that sums it up, then each block added, removed, moved or
 * changed, and each changed field with its value before and after.
 */
export function VersionComparison({ comparison }: { comparison: Comparison }) {
  const blocks = comparison.blocks.filter((block) => block.status !== 'unchanged' || block.moved);
  return (
    <chakra.div display="grid" gap="4" data-comparison="">
      <chakra.p fontWeight="600">{comparison.same ? 'The two versions are the same.' : comparison.summary}</chakra.p>
      {blocks.length > 0 ? (
        <chakra.ul listStyle="none" display="grid" gap="3">
          {blocks.map((block) => (
            <chakra.li
              key={`${block.before ?? '-'}:${block.after ?? '-'}`}
              borderWidth="1px"
              borderColor="line.subtle"
              borderRadius="md"
              p="3"
              data-compared-block={block.status}
            >
              <chakra.p fontWeight="650" textStyle="small">
                {block.label}: {blockStatus(block)}
              </chakra.p>
              {block.fields.length > 0 ? <FieldTable fields={block.fields} caption={`What changed in ${block.label}`} /> : null}
            </chakra.li>
          ))}
        </chakra.ul>
      ) : null}
      {comparison.fields.length > 0 ? (
        <chakra.div borderWidth="1px" borderColor="line.subtle" borderRadius="md" p="3">
          <chakra.p fontWeight="650" textStyle="small">
            Outside the blocks
          </chakra.p>
          <FieldTable fields={comparison.fields} caption="What changed outside the blocks" />
        </chakra.div>
      ) : null}
    </chakra.div>
  );
}
