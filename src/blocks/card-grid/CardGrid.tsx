import { chakra } from '@chakra-ui/react';
import type { CardGrid as CardGridProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { CardArrow, IconMark } from '../../ui/IconMark';
import { Section } from '../../ui/Section';
import { SurfaceCard } from '../../ui/styled';

const COLUMNS = { 2: 'repeat(2, 1fr)', 3: 'repeat(3, 1fr)', 4: 'repeat(4, 1fr)' } as const;

/**
 * Offering cards in a grid: an optional icon, title, optional subtitle, content and points.
 * A card with an address is a link as a whole, with an arrow; one without leads nowhere and
 * looks it.
 */
export default function CardGrid({ heading, intro, columns, cards, action }: CardGridProps) {
  // A card's title is one level below the section heading, or h2 when the section has none.
  const CardTitle = heading ? chakra.h3 : chakra.h2;
  return (
    <Section heading={heading} intro={intro}>
      <chakra.div display="grid" gap="6" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: COLUMNS[columns] }}>
        {cards.map((card) => (
          <SurfaceCard key={card.title} link={Boolean(card.href)}>
            {card.icon ? <IconMark name={card.icon} /> : null}
            <CardTitle textStyle="h3">
              {card.href ? (
                <a href={card.href} data-card-link="">
                  {card.title}
                </a>
              ) : (
                card.title
              )}
            </CardTitle>
            {card.subtitle ? (
              <chakra.p textStyle="small" fontWeight="600" color="brand.fg">
                {card.subtitle}
              </chakra.p>
            ) : null}
            <chakra.p color="text.muted">{card.content}</chakra.p>
            {card.items && card.items.length > 0 ? (
              <chakra.ul pt="2" display="grid" gap="1" ps="5" listStyleType="disc" textStyle="small" color="text.body">
                {card.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </chakra.ul>
            ) : null}
            {card.href ? <CardArrow /> : null}
          </SurfaceCard>
        ))}
      </chakra.div>
      {action ? (
        <chakra.div mt="10" display="flex" justifyContent="center">
          <ActionButton action={action} />
        </chakra.div>
      ) : null}
    </Section>
  );
}
