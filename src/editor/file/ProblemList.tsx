import { chakra } from '@chakra-ui/react';
import type { Problem } from '../../content/api-types';
import { type FileForms, locateProblem } from '../form/locate-problem';
import { plural } from '../../content/plural';

export interface ProblemListProps extends FileForms {
  problems: Problem[];
  warnings: Problem[];
  /** Shows the field a problem is about. */
  onGoTo: (problem: Problem) => void;
}

/**
 * The draft's problems, then its warnings, each a button to its field, said as the field says
 * it: where it is by the schemas' titles, counting from 1 ("Block 3, Card grid: Card 2 › Title"),
 * then the message. Open by itself when there are a few problems.
 */
export function ProblemList({ problems, warnings, onGoTo, ...forms }: ProblemListProps) {
  return (
    <chakra.details px="4" py="2" borderBottomWidth="1px" borderColor="line.subtle" open={problems.length > 0 && problems.length <= 3}>
      <chakra.summary textStyle="small" fontWeight="650" cursor="pointer">
        {plural(problems.length, 'problem')}
        {warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : ''} (the live site refuses a page with a problem)
      </chakra.summary>
      <chakra.ul listStyle="none" display="grid" gap="1" mt="2" data-problems="">
        {[...problems, ...warnings].map((problem) => {
          const { where, message } = locateProblem(problem, forms);
          return (
            <li key={`${problem.path}:${problem.code}:${problem.message}`}>
              <chakra.button
                type="button"
                textAlign="start"
                textStyle="small"
                onClick={() => onGoTo(problem)}
                _hover={{ textDecoration: 'underline' }}
              >
                <chakra.span fontWeight="600">{where}:</chakra.span> {message}
              </chakra.button>
            </li>
          );
        })}
      </chakra.ul>
    </chakra.details>
  );
}
