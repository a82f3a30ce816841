import { chakra } from '@chakra-ui/react';
import { eyebrowRecipe, sectionRecipe, surfaceCardRecipe } from '../theme/recipes';

/** The site's recipe-bound elements: every section, card and eyebrow looks the same everywhere. */
export const SectionBox = chakra('section', sectionRecipe);
export const SurfaceCard = chakra('article', surfaceCardRecipe);
export const Eyebrow = chakra('p', eyebrowRecipe);
