import { chakra } from '@chakra-ui/react';
import type { Prose as ProseProps } from '../../generated/schema-types';
import { useIsFirstBlock } from '../../ui/page-header';
import { Section } from '../../ui/Section';
import { Picture } from '../../ui/Picture';

/**
 * Running text at a comfortable reading width, with an optional list of points. With an
 * image it is a split introduction: the text on the left and the picture on the right from
 * 992 px, the picture under the text below that.
 */
export default function Prose({ heading, paragraphs, points, image }: ProseProps) {
  const first = useIsFirstBlock();
  const text = (
    <chakra.div maxW="3xl" display="grid" gap="4" textStyle="lead" color="text.body">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {points && points.length > 0 ? (
        <chakra.ul ps="6" listStyleType="disc" display="grid" gap="2" textStyle="body">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </chakra.ul>
      ) : null}
    </chakra.div>
  );
  return (
    <Section heading={heading}>
      {image ? (
        <chakra.div display="grid" gap={{ base: '8', lg: '12' }} alignItems="center" gridTemplateColumns={{ base: '1fr', lg: '7fr 5fr' }}>
          {text}
          <Picture image={image} eager={first} maxW={{ base: 'lg', lg: 'full' }} borderRadius="2xl" />
        </chakra.div>
      ) : (
        text
      )}
    </Section>
  );
}
