import { chakra } from '@chakra-ui/react';
import { controlRecipe, eyebrowRecipe, iconMarkRecipe, sectionRecipe, surfaceCardRecipe, textLinkRecipe } from '../theme/recipes';

/** The site's recipe-bound elements: every section, card and eyebrow looks the same everywhere. */
export const SectionBox = chakra('section', sectionRecipe);
export const SurfaceCard = chakra('article', surfaceCardRecipe);
export const Eyebrow = chakra('p', eyebrowRecipe);
export const IconBox = chakra('span', iconMarkRecipe);
export const TextLink = chakra('a', textLinkRecipe);
export const Control = {
  input: chakra('input', controlRecipe),
  select: chakra('select', controlRecipe),
  textarea: chakra('textarea', controlRecipe),
};
