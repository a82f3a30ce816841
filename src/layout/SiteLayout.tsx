import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Island } from '../runtime/island';
import { useSite } from '../runtime/site-context';
import { Footer } from './Footer';
import NavBar from './nav-bar/NavBar';
import { PageHeader } from './PageHeader';

/** The frame of every page: skip link, navigation bar, header banner, the page's blocks, footer. */
export function SiteLayout({ title, header = true, children }: { title: string; header?: boolean; children: ReactNode }) {
  const site = useSite();
  const { openMenu, closeMenu, home } = site.labels;
  return (
    <>
      <chakra.a href="#content" position="absolute" left="2" top="-20" zIndex="skipLink" px="4" py="2" bg="white" color="brand.fg" borderRadius="md" boxShadow="md" _focus={{ top: '2' }}>
        {site.labels.skipToContent}
      </chakra.a>
      <Island id="nav" name="navBar" component={NavBar} props={{ name: site.name, logo: site.logo, logoScrolled: site.logoScrolled, nav: site.nav, labels: { openMenu, closeMenu, home } }} notice={site.labels.blockError} />
      <chakra.main id="content" tabIndex={-1} _focus={{ outline: 'none' }}>
        {header ? <PageHeader title={title} /> : null}
        {children}
      </chakra.main>
      <Footer />
    </>
  );
}
