import { chakra } from '@chakra-ui/react';
import { helpId } from '@rjsf/utils';

/** A field's or group's hint (its schema description), with the id its control's or group's aria-describedby names. */
export function Hint({ id, text, mb }: { id: string; text: string | undefined; mb?: string }) {
  if (!text) return null;
  return (
    <chakra.p id={helpId(id)} textStyle="small" color="text.muted" mb={mb}>
      {text}
    </chakra.p>
  );
}
