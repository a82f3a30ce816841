import { chakra } from '@chakra-ui/react';
import type { BlockType, Problem } from './api-types';
import { pathSegments } from './form/ui-schema';
import type { Json } from './history';
import { plural } from './plural';

/** Where a problem is, in words a person can find: the block and the field. */
function whereOf(problem: Problem, types: Map<string, BlockType>, blocks: Json[]): string {
  const segments = pathSegments(problem.path);
  if (segments[0] === 'blocks' && typeof segments[1] === 'number') {
    const block = blocks[segments[1]];
    return `Block ${segments[1] + 1}, ${types.get(String(block?.type))?.title ?? 'block'}${segments.length > 2 ? `: ${segments.slice(2).join(' › ')}` : ''}`;
  }
  return problem.path ? `Page: ${segments.join(' › ')}` : `Line ${problem.line}`;
}

export interface ProblemListProps {
  problems: Problem[];
  warnings: Problem[];
  types: Map<string, BlockType>;
  blocks: Json[];
  /** Shows the field a problem is about. */
  onGoTo: (problem: Problem) => void;
}

/** The draft's problems, then its warnings, each a button to its field; open by itself when there are a few problems. */
export function ProblemList({ problems, warnings, types, blocks, onGoTo }: ProblemListProps) {
  return (
    <chakra.details px="4" py="2" borderBottomWidth="1px" borderColor="line.subtle" open={problems.length > 0 && problems.length <= 3}>
      <chakra.summary textStyle="small" fontWeight="650" cursor="pointer">
        {plural(problems.length, 'problem')}
        {warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : ''} (the same that npm run validate reports)
      </chakra.summary>
      <chakra.ul listStyle="none" display="grid" gap="1" mt="2" data-problems="">
        {[...problems, ...warnings].map((problem) => (
          <li key={`${problem.path}:${problem.code}:${problem.message}`}>
            <chakra.button
              type="button"
              textAlign="start"
              textStyle="small"
              onClick={() => onGoTo(problem)}
              _hover={{ textDecoration: 'underline' }}
            >
              <chakra.span fontWeight="600">{whereOf(problem, types, blocks)}:</chakra.span> {problem.message}{' '}
              <chakra.code color="text.muted">[{problem.code}]</chakra.code>
            </chakra.button>
          </li>
        ))}
      </chakra.ul>
    </chakra.details>
  );
}
