import { chakra } from '@chakra-ui/react';
import type { FAQ as FaqProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { IconMark } from '../../ui/IconMark';
import { Section } from '../../ui/Section';
import { SurfaceCard } from '../../ui/styled';

/**
 * Questions and answers as native disclosure widgets (<details>/<summary>): keyboard and
 * screen-reader support come from the browser, the answers are in the HTML for search
 * engines and visitors without JavaScript, and the block needs no hydration at all. An
 * optional contact card sits beside the questions from 992 px (and stays in view while they
 * are read), under them below that.
 */
export default function Faq({ heading, intro, items, aside }: FaqProps) {
  const Question = heading ? chakra.h3 : chakra.h2;
  const questions = (
    <chakra.div display="grid" gap="3" maxW="4xl">
      {items.map((item) => (
        <chakra.details
          key={item.question}
          borderWidth="1px"
          borderColor="line.default"
          borderRadius="lg"
          bg="surface.raised"
          css={{ '&[open] > summary .faq-marker': { transform: 'rotate(45deg)' } }}
        >
          <chakra.summary
            display="flex"
            alignItems="center"
            justifyContent="space-between"
            gap="4"
            px="5"
            py="4"
            cursor="pointer"
            listStyle="none"
            css={{ '&::-webkit-details-marker': { display: 'none' } }}
            _hover={{ color: 'brand.fg' }}
          >
            <Question textStyle="h3" fontSize="1.0625rem">
              {item.question}
            </Question>
            <chakra.span
              className="faq-marker"
              aria-hidden="true"
              fontSize="xl"
              lineHeight="1"
              color="brand.fg"
              transition="transform {durations.collapse}"
            >
              +
            </chakra.span>
          </chakra.summary>
          <chakra.p px="5" pb="5" color="text.muted">
            {item.answer}
          </chakra.p>
        </chakra.details>
      ))}
    </chakra.div>
  );
  return (
    <Section heading={heading} intro={intro}>
      {aside ? (
        <chakra.div display="grid" gap={{ base: '8', lg: '10' }} gridTemplateColumns={{ base: '1fr', lg: '2fr 1fr' }} alignItems="start">
          {questions}
          <SurfaceCard as="aside" aria-label={aside.heading} position={{ lg: 'sticky' }} top={{ lg: '24' }} tone="accent">
            {aside.icon ? <IconMark name={aside.icon} /> : null}
            <Question textStyle="h3">{aside.heading}</Question>
            <chakra.p color="text.muted">{aside.text}</chakra.p>
            <chakra.div mt="2">
              <ActionButton action={aside.action} />
            </chakra.div>
          </SurfaceCard>
        </chakra.div>
      ) : (
        questions
      )}
    </Section>
  );
}
