import { chakra } from '@chakra-ui/react';
import { errorId } from '@rjsf/utils';

/** The problems of a group (an object, a list, a picture), listed under it. */
export function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <chakra.ul id={errorId(id)} textStyle="small" color="red.700" fontWeight="500" data-field-error="">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </chakra.ul>
  );
}
