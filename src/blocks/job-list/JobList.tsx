import { chakra } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import type { JobList as JobListProps } from '../../generated/schema-types';
import { Section } from '../../ui/Section';
import { SurfaceCard, TextLink } from '../../ui/styled';

type Filters = { category: string; location: string; jobType: string };
const NO_FILTER: Filters = { category: '', location: '', jobType: '' };

const controlStyle = {
  h: '11',
  px: '3',
  borderWidth: '1px',
  borderColor: 'line.default',
  borderRadius: 'md',
  bg: 'white',
  w: 'full',
} as const;

function FilterSelect({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  any: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <chakra.div display="grid" gap="1.5">
      <chakra.label htmlFor={id} textStyle="small" fontWeight="600">
        {label}
      </chakra.label>
      <chakra.select id={id} value={value} onChange={(event) => onChange(event.target.value)} {...controlStyle}>
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
 * again; the number of matches is announced to screen readers through a live region.
 */
export default function JobList({ heading, filters, labels, jobs }: JobListProps) {
  const [chosen, setChosen] = useState<Filters>(NO_FILTER);
  const [applied, setApplied] = useState<Filters>(NO_FILTER);
  const shown = jobs.filter(
    (job) =>
      (!applied.category || job.category === applied.category) &&
      (!applied.location || job.location === applied.location) &&
      (!applied.jobType || job.jobType === applied.jobType),
  );
  const JobTitle = heading ? chakra.h3 : chakra.h2;
  // A menu whose choices are not written out offers the jobs' own values.
  const offered = (written: string[] | undefined, field: keyof Filters): string[] =>
    written ?? [...new Set(jobs.map((job) => job[field]))].sort((a, b) => a.localeCompare(b));
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setApplied(chosen);
  };
  const reset = (): void => {
    setChosen(NO_FILTER);
    setApplied(NO_FILTER);
  };
  return (
    <Section heading={heading}>
      <chakra.form
        onSubmit={submit}
        onReset={reset}
        display="grid"
        gap="4"
        alignItems="end"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)', lg: 'repeat(3, 1fr) auto auto' }}
        p="5"
        mb="8"
        bg="surface.sunken"
        borderRadius="xl"
      >
        <FilterSelect
          label={labels.category}
          any={labels.any}
          options={offered(filters.categories, 'category')}
          value={chosen.category}
          onChange={(category) => setChosen({ ...chosen, category })}
        />
        <FilterSelect
          label={labels.location}
          any={labels.any}
          options={offered(filters.locations, 'location')}
          value={chosen.location}
          onChange={(location) => setChosen({ ...chosen, location })}
        />
        <FilterSelect
          label={labels.jobType}
          any={labels.any}
          options={offered(filters.types, 'jobType')}
          value={chosen.jobType}
          onChange={(jobType) => setChosen({ ...chosen, jobType })}
        />
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
        {shown.length === 0 ? (
          <chakra.p textStyle="lead" py="6">
            {labels.noResults}
          </chakra.p>
        ) : (
          <chakra.ul listStyle="none" display="grid" gap="6" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }}>
            {shown.map((job) => (
              <li key={job.id}>
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
        )}
      </div>
    </Section>
  );
}
