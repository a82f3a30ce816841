import { chakra } from '@chakra-ui/react';
import type { Prose as ProseProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';

/** Running text at a comfortable reading width, with an optional list of points. */
export default function Prose({ heading, paragraphs, points }: ProseProps) {
  return (
    <Section heading={heading}>
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
    </Section>
  );
}
