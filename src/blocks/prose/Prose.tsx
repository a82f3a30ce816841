import { chakra } from '@chakra-ui/react';
import type { Prose as ProseProps } from '../../generated/schema-types';
import { useIsFirstBlock } from '../../ui/use-is-first-block';
import { Section } from '../../ui/Section';
import { Picture } from '../../ui/Picture';
import { Eyebrow, SurfaceCard } from '../../ui/styled';

/** Outcomes as a column of key facts: each one's title set large, its sentence under it. */
function KeyFacts({ heading, outcomes }: NonNullable<ProseProps['facts']>) {
  return (
    <SurfaceCard as="aside" aria-label={heading} tone="accent" gap="5">
      {heading ? <Eyebrow>{heading}</Eyebrow> : null}
      <chakra.dl display="grid" gap="5">
        {outcomes.map((outcome) => (
          <chakra.div key={outcome.id} display="grid" gap="1" _notFirst={{ pt: '5', borderTopWidth: '1px', borderColor: 'brand.muted' }}>
            <chakra.dt textStyle="h3" color="brand.fg">
              {outcome.title}
            </chakra.dt>
            <chakra.dd textStyle="small" color="text.muted">
              {outcome.text}
            </chakra.dd>
          </chakra.div>
        ))}
      </chakra.dl>
    </SurfaceCard>
  );
}

/**
 * Running text at a comfortable reading width, with an optional list of points. With an
 * image or key facts it is a split introduction: the text on the left and the picture and
 * facts on the right from 992 px, under the text below that.
 */
export default function Prose({ heading, paragraphs, points, image, facts }: ProseProps) {
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
      {image || facts ? (
        <chakra.div display="grid" gap={{ base: '8', lg: '12' }} alignItems="center" gridTemplateColumns={{ base: '1fr', lg: '7fr 5fr' }}>
          {text}
          <chakra.div display="grid" gap="6" maxW={{ base: 'lg', lg: 'full' }}>
            {image ? <Picture image={image} eager={first} borderRadius="2xl" /> : null}
            {facts ? <KeyFacts {...facts} /> : null}
          </chakra.div>
        </chakra.div>
      ) : (
        text
      )}
    </Section>
  );
}
