import { chakra } from '@chakra-ui/react';
import type { Icon, JobDetail as JobDetailProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { useBuildDate } from '../../ui/use-build-date';
import { IconMark } from '../../ui/IconMark';
import { Section } from '../../ui/Section';
import { useSite } from '../../ui/site-context';
import { SurfaceCard, TextLink } from '../../ui/styled';
import { postedAgo } from './posted-ago';

/**
 * One job posting (its entry in the jobs collection): its facts as a description list, then
 * responsibilities and skills, then the actions. The date is written in the site's language,
 * with how long before the day the page is built that was ("3 weeks ago"): counted then, on the
 * server, so it never has to be typed and a reader's clock plays no part in it.
 */
export default function JobDetail({ job, labels, previous, apply }: JobDetailProps) {
  const { language } = useSite();
  const today = useBuildDate();
  // Only a draft in the editor can lack its job (a new block, before one is chosen): nothing to show yet.
  if (!job) return null;
  const { title, date, location, jobType, resources, experience, responsibilities, skills } = job;
  const published = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  const age = postedAgo(date, today, language);
  const facts: [Icon, string, string][] = [
    ['map-pin', labels.location, location],
    ['briefcase-business', labels.workType, jobType],
    ['users', labels.resources, String(resources)],
    ['award', labels.experience, experience],
  ];
  return (
    <Section>
      <chakra.div display="grid" gap="8" gridTemplateColumns={{ base: '1fr', lg: '2fr 1fr' }} alignItems="start">
        <chakra.article display="grid" gap="8">
          <header>
            <chakra.p textStyle="small" color="text.muted">
              {labels.posted} <time dateTime={date}>{published}</time>
              {age ? ` · ${age}` : null}
            </chakra.p>
            <chakra.h2 textStyle="h2" mt="2">
              {title}
            </chakra.h2>
          </header>
          {[
            [labels.responsibilities, responsibilities],
            [labels.skills, skills],
          ].map(([heading, items]) => (
            <section key={heading as string}>
              <chakra.h3 textStyle="h3" mb="3">
                {heading as string}
              </chakra.h3>
              <chakra.ul ps="6" listStyleType="disc" display="grid" gap="2" color="text.body">
                {(items as string[]).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </chakra.ul>
            </section>
          ))}
        </chakra.article>
        <SurfaceCard as="aside" position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <chakra.dl display="grid" gap="3">
            {facts.map(([icon, term, value]) => (
              <chakra.div
                key={term}
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                borderBottomWidth="1px"
                borderColor="line.subtle"
                pb="2"
              >
                <chakra.dt color="text.muted" display="flex" alignItems="center" gap="3">
                  <IconMark name={icon} size="sm" />
                  {term}
                </chakra.dt>
                <chakra.dd fontWeight="650" textAlign="end">
                  {value}
                </chakra.dd>
              </chakra.div>
            ))}
          </chakra.dl>
          <chakra.div display="flex" flexWrap="wrap" gap="3" mt="2">
            <ActionButton action={apply} size="md" />
            <TextLink href={previous.href} alignSelf="center">
              {previous.label}
            </TextLink>
          </chakra.div>
        </SurfaceCard>
      </chakra.div>
    </Section>
  );
}
