import { chakra } from '@chakra-ui/react';
import type { ProductDetail as ProductDetailProps } from '../../generated/schema-types';
import { ActionButton } from '../../ui/ActionButton';
import { Section } from '../../ui/Section';
import { Picture } from '../../ui/Picture';

/**
 * One product (its entry in the products collection): its sentence as the lead, the overview,
 * the features as a list and the action, beside its picture. The page's header carries the
 * product's name, so the section's own heading is the features'.
 */
export default function ProductDetail({ product, featuresHeading, action }: ProductDetailProps) {
  // Only a draft in the editor can lack its product (a new block, before one is chosen): nothing to show yet.
  if (!product) return null;
  const { text, overview, features, image } = product;
  return (
    <Section>
      <chakra.div display="grid" gap={{ base: '8', lg: '12' }} gridTemplateColumns={{ base: '1fr', lg: '3fr 2fr' }} alignItems="start">
        <chakra.div display="grid" gap="6">
          <chakra.p textStyle="lead" color="text.body">
            {text}
          </chakra.p>
          {overview?.map((paragraph) => (
            <chakra.p key={paragraph} color="text.body">
              {paragraph}
            </chakra.p>
          ))}
          {features ? (
            <section>
              <chakra.h2 textStyle="h3" mb="3">
                {featuresHeading}
              </chakra.h2>
              <chakra.ul ps="6" listStyleType="disc" display="grid" gap="2" color="text.body">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </chakra.ul>
            </section>
          ) : null}
          {action ? (
            <chakra.div>
              <ActionButton action={action} size="md" />
            </chakra.div>
          ) : null}
        </chakra.div>
        <Picture image={image} eager bg="surface.sunken" />
      </chakra.div>
    </Section>
  );
}
