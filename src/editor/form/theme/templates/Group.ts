import { chakra } from '@chakra-ui/react';
import { errorId, helpId } from '@rjsf/utils';

/** A group of fields (an object, a list, a picture), labelled by its Legend; red-bordered while it has a problem of its own. */
export const Group = chakra('fieldset', {
  base: {
    borderWidth: '1px',
    borderColor: 'line.default',
    borderRadius: 'lg',
    p: '3',
    minW: '0',
    _invalid: { borderColor: 'red.600', boxShadow: '0 0 0 1px {colors.red.600}' },
  },
});
export const Legend = chakra('legend', { base: { fontWeight: '650', textStyle: 'small', mb: '2', px: '1' } });

/** A group's own attributes: its id (a problem's cursor goes there), red while it has a problem, described by its hint and problems. */
export const groupProps = (id: string, hint: boolean, invalid: boolean) => ({
  id,
  'data-invalid': invalid || undefined,
  'aria-describedby': [hint ? helpId(id) : '', invalid ? errorId(id) : ''].filter(Boolean).join(' ') || undefined,
});
