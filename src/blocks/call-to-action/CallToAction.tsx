import { chakra, Container } from '@chakra-ui/react';
import type { CallToAction as CallToActionProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { SectionBox } from '../../ui/styled';

/** A closing band: heading, a sentence and one button, on the brand's dark tone. */
export default function CallToAction({ heading, text, action }: CallToActionProps) {
  return (
    <SectionBox tone="dark" bgImage="linear-gradient(120deg, {colors.brand.900} 0%, {colors.ink.950} 70%)">
      <Container maxW="4xl" textAlign="center">
        <chakra.h2 textStyle="h2">{heading}</chakra.h2>
        {text ? (
          <chakra.p textStyle="lead" color="text.onDarkMuted" mt="4">
            {text}
          </chakra.p>
        ) : null}
        <chakra.div mt="8">
          <ActionButton action={action} tone="dark" />
        </chakra.div>
      </Container>
    </SectionBox>
  );
}
