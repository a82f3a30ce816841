import { chakra, Container } from '@chakra-ui/react';

/** The header banner every page opens with: the page's title as its one h1. */
export function PageHeader({ title, as = 'h1' }: { title: string; as?: 'h1' | 'p' }) {
  return (
    <chakra.div
      bg="surface.dark"
      color="text.onDark"
      py={{ base: '10', md: '14' }}
      bgImage="linear-gradient(135deg, {colors.ink.950} 0%, {colors.brand.900} 100%)"
    >
      <Container maxW="7xl">
        <chakra.h1 as={as} textStyle="h1" maxW="4xl">
          {title}
        </chakra.h1>
      </Container>
    </chakra.div>
  );
}
