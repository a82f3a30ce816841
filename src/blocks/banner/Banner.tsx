import { chakra, Container } from '@chakra-ui/react';
import type { Banner as BannerProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { Eyebrow } from '../../ui/styled';
import { Island } from '../../ui/island';
import { useIsFirstBlock } from '../../ui/use-is-first-block';
import heroVideo from './hero-video/definition';
import { Picture } from '../../ui/Picture';

/**
 * A wide dark section: eyebrow, heading, text, buttons and an optional picture.
 * With a video, the video plays behind a dark veil that keeps the text's contrast.
 */
export default function Banner({ eyebrow, heading, text, actions, image, video, level }: BannerProps) {
  // The page's first block is its header at any level; level 1 also gives it the home page's display size.
  const Heading = useIsFirstBlock() || level === 1 ? chakra.h1 : chakra.h2;
  return (
    <chakra.section
      position="relative"
      overflow="hidden"
      bg="surface.dark"
      color="text.onDark"
      bgImage="radial-gradient(ellipse at 80% 0%, {colors.brand.800} 0%, transparent 60%)"
      py={{ base: '14', md: '20', lg: '28' }}
    >
      {video ? (
        <>
          <Island of={heroVideo} props={video} />
          <chakra.div
            position="absolute"
            inset="0"
            bgImage="linear-gradient(90deg, rgba(11,16,36,0.92) 0%, rgba(11,16,36,0.75) 55%, rgba(11,16,36,0.45) 100%)"
            aria-hidden="true"
          />
        </>
      ) : null}
      <Container
        position="relative"
        maxW="7xl"
        display="grid"
        gap="10"
        alignItems="center"
        gridTemplateColumns={{ base: '1fr', lg: image ? '3fr 2fr' : '1fr' }}
      >
        <div>
          {eyebrow ? (
            <Eyebrow tone="dark" mb="4">
              {eyebrow}
            </Eyebrow>
          ) : null}
          <Heading textStyle={level === 1 ? 'display' : 'h1'} maxW="3xl">
            {heading}
          </Heading>
          {text ? (
            <chakra.p textStyle="lead" color="text.onDarkMuted" mt="5" maxW="2xl">
              {text}
            </chakra.p>
          ) : null}
          {actions.length > 0 ? (
            <chakra.div display="flex" flexWrap="wrap" gap="3" mt="8">
              {actions.map((action) => (
                <ActionButton key={action.label} action={action} tone="dark" />
              ))}
            </chakra.div>
          ) : null}
        </div>
        {/* Lazy even in the header: phones hide it, and a hidden lazy picture is never fetched. */}
        {image ? <Picture image={image} display={{ base: 'none', lg: 'block' }} borderRadius="2xl" /> : null}
      </Container>
    </chakra.section>
  );
}
