import { chakra, Container } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { SectionBox } from './styled';

export interface SectionProps {
  heading?: string | undefined;
  intro?: string | undefined;
  tone?: 'light' | 'sunken' | 'dark';
  children: ReactNode;
}

/** A block's outer frame: tone, width, and an optional h2 heading that names the section for screen readers. */
export function Section({ heading, intro, tone = 'light', children }: SectionProps) {
  const id = useId();
  return (
    <SectionBox tone={tone} aria-labelledby={heading ? id : undefined}>
      <Container maxW="7xl">
        {heading ? (
          <chakra.h2 id={id} textStyle="h2" mb={intro ? '3' : '8'} maxW="3xl">
            {heading}
          </chakra.h2>
        ) : null}
        {intro ? (
          <chakra.p textStyle="lead" color={tone === 'dark' ? 'text.onDarkMuted' : 'text.muted'} mb="8" maxW="3xl">
            {intro}
          </chakra.p>
        ) : null}
        {children}
      </Container>
    </SectionBox>
  );
}
