import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Island } from '../ui/island';
import { useSite } from '../ui/site-context';
import { Footer } from './Footer';
import navBar from './nav-bar/definition';
import { PageHeader } from './PageHeader';

/** The navigation bar as the site renders it, from the site file. */
function SiteNavBar() {
  const site = useSite();
  const { openMenu, closeMenu, home } = site.labels;
  return (
    <Island
      of={navBar}
      props={{
        name: site.name,
        logo: site.logo,
        logoScrolled: site.logoScrolled,
        nav: site.nav,
        labels: { openMenu, closeMenu, home },
        contact: site.footer.email,
      }}
    />
  );
}

/** The dialogs' mount point and the words they need; the dialogs load on first use. */
function DialogMount() {
  const site = useSite();
  return (
    <div data-dialog-mount="" data-props={JSON.stringify({ dialogs: site.dialogs, endpoints: site.endpoints, email: site.footer.email })} />
  );
}

/** The page layout "navigationOnly": the navigation bar alone, for previewing it (its title as a hidden h1). */
export function NavigationOnly({ title }: { title: string }) {
  return (
    <>
      <chakra.h1 srOnly>{title}</chakra.h1>
      <SiteNavBar />
      <DialogMount />
    </>
  );
}

/**
 * The frame of every page: skip link, navigation bar, the page's <main>, footer. The <main>
 * holds `bodyHtml`, a page's body rendered as a root of its own (its header and blocks,
 * src/render/render-page-body.tsx), or else a header with `title` and `children` (the
 * not-found page).
 */
export function SiteLayout({ title = '', children, bodyHtml }: { title?: string; children?: ReactNode; bodyHtml?: string }) {
  const site = useSite();
  return (
    <>
      <chakra.a
        href="#content"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        px="4"
        py="2"
        bg="white"
        color="brand.fg"
        borderRadius="md"
        boxShadow="md"
        _focus={{ top: '2' }}
      >
        {site.labels.skipToContent}
      </chakra.a>
      <SiteNavBar />
      {bodyHtml === undefined ? (
        <chakra.main id="content" tabIndex={-1} _focus={{ outline: 'none' }}>
          <PageHeader title={title} />
          {children}
        </chakra.main>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup for the page's body, rendered as a root of its own.
        <chakra.main id="content" tabIndex={-1} _focus={{ outline: 'none' }} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      )}
      <Footer />
      <DialogMount />
    </>
  );
}
