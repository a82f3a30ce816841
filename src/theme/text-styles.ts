import { defineTextStyles } from '@chakra-ui/react';

/** The type scale: one display size, three heading sizes, body, lead and a small caps label. */
export const textStyles = defineTextStyles({
  display: {
    value: { fontSize: { base: '2.25rem', md: '3rem', xl: '3.5rem' }, lineHeight: '1.1', fontWeight: '750', letterSpacing: '-0.02em' },
  },
  h1: { value: { fontSize: { base: '2rem', md: '2.5rem' }, lineHeight: '1.15', fontWeight: '700', letterSpacing: '-0.015em' } },
  h2: { value: { fontSize: { base: '1.625rem', md: '2rem' }, lineHeight: '1.2', fontWeight: '700', letterSpacing: '-0.01em' } },
  h3: { value: { fontSize: '1.1875rem', lineHeight: '1.35', fontWeight: '650' } },
  lead: { value: { fontSize: { base: '1.0625rem', md: '1.1875rem' }, lineHeight: '1.6' } },
  body: { value: { fontSize: '1rem', lineHeight: '1.65' } },
  small: { value: { fontSize: '0.875rem', lineHeight: '1.5' } },
  eyebrow: { value: { fontSize: '0.8125rem', lineHeight: '1.4', fontWeight: '650', letterSpacing: '0.08em', textTransform: 'uppercase' } },
});
