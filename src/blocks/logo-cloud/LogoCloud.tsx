import { chakra } from '@chakra-ui/react';
import type { LogoCloud as LogoCloudProps } from '../../generated/schema-types';
import { INLINE_IMAGE_ATTRIBUTE } from '../../ui/inline-image';
import { Section } from '../../ui/Section';

/**
 * Client and partner logos in wrapping rows, each group under an optional heading. A small
 * SVG logo is written into the page by the build (src/ui/inline-image.ts).
 */
export default function LogoCloud({ heading, intro, groups }: LogoCloudProps) {
  return (
    <Section heading={heading} intro={intro}>
      <chakra.div display="grid" gap="10">
        {groups.map((group, index) => (
          <div key={group.heading ?? index}>
            {group.heading ? (
              <chakra.p textStyle="eyebrow" color="text.muted" mb="4">
                {group.heading}
              </chakra.p>
            ) : null}
            <chakra.ul
              listStyle="none"
              display="grid"
              gap={{ base: '4', md: '6' }}
              gridTemplateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' }}
              alignItems="center"
            >
              {group.logos.map((logo, index) => (
                // A logo still to be chosen in the editor has no file yet.
                <chakra.li key={logo.src || index} display="grid" placeItems="center" p="4" borderRadius="lg" bg="surface.sunken" minH="20">
                  <chakra.img
                    src={logo.src}
                    alt={logo.alt}
                    htmlWidth={logo.width}
                    htmlHeight={logo.height}
                    loading="lazy"
                    // A dozen small logos at once: the build writes each into the page rather than fetching it.
                    {...{ [INLINE_IMAGE_ATTRIBUTE]: '' }}
                    maxH="12"
                    w="auto"
                  />
                </chakra.li>
              ))}
            </chakra.ul>
          </div>
        ))}
      </chakra.div>
    </Section>
  );
}
