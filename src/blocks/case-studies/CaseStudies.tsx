import { chakra } from '@chakra-ui/react';
import type { CaseStudies as CaseStudiesProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';
import { SurfaceCard } from '../../ui/styled';

/** Case studies: industry, problem and solution of each, as a list of cards. */
export default function CaseStudies({ heading, intro, labels, studies }: CaseStudiesProps) {
  const StudyTitle = heading ? chakra.h3 : chakra.h2;
  return (
    <Section heading={heading} intro={intro} tone="sunken">
      <chakra.div display="grid" gap="6" gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }}>
        {studies.map((study) => (
          <SurfaceCard key={study.title}>
            <StudyTitle textStyle="h3">{study.title}</StudyTitle>
            <chakra.p textStyle="small" color="text.muted">
              <chakra.span fontWeight="650" color="brand.fg">
                {labels.vertical}:
              </chakra.span>{' '}
              {study.vertical}
            </chakra.p>
            <chakra.dl display="grid" gap="3">
              <div>
                <chakra.dt fontWeight="650">{labels.problem}</chakra.dt>
                <chakra.dd color="text.muted">{study.problem}</chakra.dd>
              </div>
              <div>
                <chakra.dt fontWeight="650">{labels.solution}</chakra.dt>
                <chakra.dd color="text.muted">{study.solution}</chakra.dd>
              </div>
            </chakra.dl>
          </SurfaceCard>
        ))}
      </chakra.div>
    </Section>
  );
}
