import { chakra } from '@chakra-ui/react';
import type { Steps as StepsProps } from '../../generated/schema-types';
import { IconMark } from '../../ui/IconMark';
import { Section } from '../../ui/Section';
import { SurfaceCard } from '../../ui/styled';

/** A numbered sequence as an ordered list of cards: the order is in the markup, not only in the look. */
export default function Steps({ heading, intro, steps }: StepsProps) {
  const StepTitle = heading ? chakra.h3 : chakra.h2;
  return (
    <Section heading={heading} intro={intro} tone="sunken">
      <chakra.ol
        listStyle="none"
        display="grid"
        gap="5"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: steps.length % 4 === 0 ? 'repeat(4, 1fr)' : 'repeat(3, 1fr)' }}
      >
        {steps.map((step, index) => (
          <li key={step.title}>
            <SurfaceCard h="full">
              <chakra.div display="flex" alignItems="center" gap="3">
                <chakra.span
                  aria-hidden="true"
                  display="grid"
                  placeItems="center"
                  boxSize="10"
                  borderRadius="full"
                  bg="brand.solid"
                  color="brand.contrast"
                  fontWeight="700"
                >
                  {index + 1}
                </chakra.span>
                {step.icon ? <IconMark name={step.icon} /> : null}
              </chakra.div>
              <StepTitle textStyle="h3">{step.title}</StepTitle>
              <chakra.p color="text.muted">{step.text}</chakra.p>
            </SurfaceCard>
          </li>
        ))}
      </chakra.ol>
    </Section>
  );
}
