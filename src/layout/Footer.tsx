import { chakra, Container } from '@chakra-ui/react';
import { useSite } from '../ui/site-context';
import { SocialIcon } from './SocialIcon';

const headingStyle = { textStyle: 'eyebrow', color: 'text.accentOnDark', mb: '3' } as const;
const linkStyle = { color: 'text.onDarkMuted', _hover: { color: 'white', textDecoration: 'underline' } } as const;

/** The footer of every page, from the site file. */
export function Footer() {
  const { name, logo, footer, labels } = useSite();
  return (
    <chakra.footer bg="surface.footer" color="text.onDark" pt="14" pb="8" borderTopWidth="1px" borderColor="line.onDark">
      <Container maxW="7xl">
        <chakra.div
          display="grid"
          gap="10"
          gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: '2fr 1fr minmax(max-content, 1fr) 1fr' }}
        >
          <div>
            <chakra.a href="/" aria-label={`${name} – ${labels.home}`} display="inline-block">
              <chakra.img src={logo.src} alt="" htmlWidth={logo.width} htmlHeight={logo.height} h="10" w="auto" loading="lazy" />
            </chakra.a>
            <chakra.p mt="4" color="text.onDarkMuted" maxW="sm">
              {footer.tagline}
            </chakra.p>
          </div>
          <chakra.nav aria-label={footer.quickLinksHeading}>
            <chakra.h2 {...headingStyle}>{footer.quickLinksHeading}</chakra.h2>
            <chakra.ul listStyle="none" display="grid" gap="2">
              {footer.quickLinks.map((link) => (
                <li key={link.href}>
                  <chakra.a href={link.href} {...linkStyle}>
                    {link.label}
                  </chakra.a>
                </li>
              ))}
            </chakra.ul>
          </chakra.nav>
          <div>
            <chakra.h2 {...headingStyle}>{footer.contactHeading}</chakra.h2>
            {/* An address is never broken across lines (its column is as wide as it needs). */}
            <chakra.a href={`mailto:${footer.email}`} whiteSpace="nowrap" {...linkStyle}>
              {footer.email}
            </chakra.a>
            <chakra.h2 {...headingStyle} mt="6">
              {footer.socialHeading}
            </chakra.h2>
            <chakra.ul listStyle="none" display="flex" gap="3">
              {footer.social.map((profile) => (
                <li key={profile.network}>
                  <chakra.a
                    href={profile.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={profile.label}
                    display="grid"
                    placeItems="center"
                    boxSize="10"
                    borderRadius="full"
                    bg="whiteAlpha.100"
                    _hover={{ bg: 'brand.600' }}
                  >
                    <SocialIcon network={profile.network} />
                  </chakra.a>
                </li>
              ))}
            </chakra.ul>
          </div>
          <div>
            <chakra.h2 {...headingStyle}>{footer.officesHeading}</chakra.h2>
            <chakra.ul listStyle="none" display="grid" gap="2" color="text.onDarkMuted">
              {footer.offices.map((office) => (
                <li key={office}>{office}</li>
              ))}
            </chakra.ul>
          </div>
        </chakra.div>
        <chakra.p mt="12" pt="6" borderTopWidth="1px" borderColor="line.onDark" textStyle="small" color="text.onDarkMuted">
          {footer.copyright}
        </chakra.p>
      </Container>
    </chakra.footer>
  );
}
