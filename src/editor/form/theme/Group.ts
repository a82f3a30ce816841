import { chakra } from '@chakra-ui/react';

/** A group of fields (an object, a list, a picture), labelled by its Legend. */
export const Group = chakra('fieldset', {
  base: { borderWidth: '1px', borderColor: 'line.default', borderRadius: 'lg', p: '3', minW: '0' },
});
export const Legend = chakra('legend', { base: { fontWeight: '650', textStyle: 'small', mb: '2', px: '1' } });
