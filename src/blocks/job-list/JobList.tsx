import { chakra } from '@chakra-ui/react';
import { useId } from 'react';
import type { JobList as JobListProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';
import { SurfaceCard, TextLink } from '../../ui/styled';

/** The job fields the filters choose by: each select's name, and the data attribute on each job (script.ts reads both). */
type Field = 'category' | 'location' | 'jobType';

const controlStyle = {
  h: '11',
  px: '3',
  borderWidth: '1px',
  borderColor: 'line.default',
  borderRadius: 'md',
  bg: 'white',
  w: 'full',
} as const;

function FilterSelect({ label, any, options, name }: { label: string; any: string; options: string[]; name: Field }) {
  const id = useId();
  return (
    <chakra.div display="grid" gap="1.5">
      <chakra.label htmlFor={id} textStyle="small" fontWeight="600">
        {label}
      </chakra.label>
      <chakra.select id={id} name={name} {...controlStyle}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </chakra.select>
    </chakra.div>
  );
}

/**
 * Open positions with a filter bar. Submit applies the three filters, Reset shows every job
 * again; the jobs shown are in a live region, so screen readers hear what changed. The server
 * writes every job; the block's script (script.ts), not React, does the filtering.
 */
export default function JobList({ heading, filters, labels, jobs }: JobListProps) {
  const JobTitle = heading ? chakra.h3 : chakra.h2;
  // A menu whose choices are not written out offers the jobs' own values.
  const offered = (written: string[] | undefined, field: Field): string[] =>
    written ?? [...new Set(jobs.map((job) => job[field]))].sort((a, b) => a.localeCompare(b));
  return (
    <Section heading={heading}>
      <chakra.form
        display="grid"
        gap="4"
        alignItems="end"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)', lg: 'repeat(3, 1fr) auto auto' }}
        p="5"
        mb="8"
        bg="surface.sunken"
        borderRadius="xl"
      >
        <FilterSelect label={labels.category} any={labels.any} options={offered(filters.categories, 'category')} name="category" />
        <FilterSelect label={labels.location} any={labels.any} options={offered(filters.locations, 'location')} name="location" />
        <FilterSelect label={labels.jobType} any={labels.any} options={offered(filters.types, 'jobType')} name="jobType" />
        <chakra.button
          type="reset"
          h="11"
          px="5"
          borderRadius="md"
          borderWidth="1px"
          borderColor="brand.solid"
          color="brand.fg"
          fontWeight="600"
          bg="white"
          cursor="pointer"
          _hover={{ bg: 'brand.subtle' }}
        >
          {labels.reset}
        </chakra.button>
        <chakra.button
          type="submit"
          h="11"
          px="5"
          borderRadius="md"
          bg="brand.solid"
          color="brand.contrast"
          fontWeight="600"
          cursor="pointer"
          _hover={{ bg: 'brand.700' }}
        >
          {labels.submit}
        </chakra.button>
      </chakra.form>
      <div aria-live="polite">
        <chakra.p textStyle="lead" py="6" hidden={jobs.length > 0} data-no-results="">
          {labels.noResults}
        </chakra.p>
        <chakra.ul listStyle="none" display="grid" gap="6" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }}>
          {jobs.map((job) => (
            <li key={job.id} data-category={job.category} data-location={job.location} data-job-type={job.jobType}>
              <SurfaceCard h="full">
                <JobTitle textStyle="h3">{job.title}</JobTitle>
                <chakra.p color="text.muted">{job.summary}</chakra.p>
                <chakra.ul listStyle="none" display="flex" flexWrap="wrap" gap="2" textStyle="small">
                  {[`${labels.experience}: ${job.experience}`, job.location, job.jobType].map((fact) => (
                    <chakra.li key={fact} px="2.5" py="1" borderRadius="full" bg="brand.subtle" color="brand.fg" fontWeight="600">
                      {fact}
                    </chakra.li>
                  ))}
                </chakra.ul>
                <TextLink href={job.href} mt="auto" alignSelf="flex-start">
                  {labels.viewDetails}
                  <chakra.span srOnly>: {job.title}</chakra.span>
                </TextLink>
              </SurfaceCard>
            </li>
          ))}
        </chakra.ul>
      </div>
    </Section>
  );
}
