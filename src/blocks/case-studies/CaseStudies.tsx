import { chakra } from '@chakra-ui/react';
import type { CaseStudies as CaseStudiesProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';
import { SurfaceCard } from '../../ui/styled';

/**
 * Case studies: industry, problem and solution of each, as cards two to a row. A single study
 * takes the whole row, its problem and solution side by side, so no empty column is left.
 */
export default function CaseStudies({ heading, intro, labels, studies }: CaseStudiesProps) {
  const StudyTitle = heading ? chakra.h3 : chakra.h2;
  const single = studies.length === 1;
  return (
    <Section heading={heading} intro={intro} tone="sunken">
      <chakra.div display="grid" gap="6" gridTemplateColumns={{ base: '1fr', lg: single ? '1fr' : 'repeat(2, 1fr)' }}>
        {studies.map((study) => (
          <SurfaceCard key={study.title}>
            <StudyTitle textStyle="h3">{study.title}</StudyTitle>
            <chakra.p textStyle="small" color="text.muted">
              <chakra.span fontWeight="650" color="brand.fg">
                {labels.vertical}:
              </chakra.span>{' '}
              {study.vertical}
            </chakra.p>
            <chakra.dl
              display="grid"
              gap={single ? { base: '3', md: '8' } : '3'}
              gridTemplateColumns={single ? { md: 'repeat(2, 1fr)' } : undefined}
            >
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
