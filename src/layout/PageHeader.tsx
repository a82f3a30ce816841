import { chakra, Container } from '@chakra-ui/react';
import type { Icon, Technology } from '../generated/schema-types';
import { technologyLogos } from '../generated/technologies';
import { IconMark } from '../ui/IconMark';
import { IconBox } from '../ui/styled';

/**
 * The mark beside the heading: the technology's logo when a logo set has one, else the icon,
 * else nothing. It is decoration (the heading names the page), so screen readers skip it.
 */
function HeaderMark({ technology, icon }: { technology?: Technology; icon?: Icon }) {
  const logo = technology ? technologyLogos[technology] : undefined;
  if (logo)
    return (
      <IconBox tone="dark" size="lg" aria-hidden="true" data-header-mark="logo">
        {/* As tall as an icon; a wordmark (NetSuite's) widens its box instead of shrinking. */}
        <chakra.img src={logo.src} alt="" htmlWidth={String(Math.round((36 * logo.width) / logo.height))} htmlHeight="36" />
      </IconBox>
    );
  return icon ? <IconMark name={icon} tone="dark" size="lg" data-header-mark="icon" /> : null;
}

/** The header banner every page opens with: the page's title as its one h1, with the page's mark if it has one. */
export function PageHeader({
  title,
  as = 'h1',
  technology,
  icon,
}: {
  title: string;
  as?: 'h1' | 'p';
  technology?: Technology;
  icon?: Icon;
}) {
  return (
    <chakra.div
      bg="surface.dark"
      color="text.onDark"
      py={{ base: '10', md: '14' }}
      bgImage="linear-gradient(135deg, {colors.ink.950} 0%, {colors.brand.900} 100%)"
    >
      <Container maxW="7xl" display="flex" alignItems="center" gap={{ base: '4', md: '5' }}>
        <HeaderMark technology={technology} icon={icon} />
        <chakra.h1 as={as} textStyle="h1" maxW="4xl">
          {title}
        </chakra.h1>
      </Container>
    </chakra.div>
  );
}
