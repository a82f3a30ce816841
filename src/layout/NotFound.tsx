import { chakra, Container } from '@chakra-ui/react';
import { useSite } from '../ui/site-context';
import { SiteLayout } from './SiteLayout';

/** Shown, inside the site's layout, for any address that has no page; served with HTTP 404. */
export function NotFound() {
  const { labels } = useSite();
  return (
    <SiteLayout title={labels.notFoundTitle}>
      <Container maxW="7xl" py="16">
        <chakra.p textStyle="lead" mb="6">
          {labels.notFoundText}
        </chakra.p>
        <chakra.a href="/" color="brand.fg" fontWeight="600" textDecoration="underline">
          {labels.notFoundLink}
        </chakra.a>
      </Container>
    </SiteLayout>
  );
}
