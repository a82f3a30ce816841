import { chakra } from '@chakra-ui/react';
import { ModalDialog } from '../../dialogs/ModalDialog';
import type { BlockType } from '../../content/api-types';

/**
 * Every block type, by category, with its title and description from its schema: choosing
 * one inserts a new block of it, its required fields empty to be written (empty-block.ts).
 */
export function Palette({
  open,
  position,
  blocks,
  onChoose,
  onClose,
}: {
  open: boolean;
  position: number;
  blocks: BlockType[];
  onChoose: (type: BlockType) => void;
  onClose: () => void;
}) {
  const categories = [...new Set(blocks.map((block) => block.category))];
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Add a block"
      closeLabel="Close"
      description={`It goes in position ${position + 1}.`}
      closeOnBackdrop
    >
      <chakra.div display="grid" gap="5">
        {categories.map((category) => (
          <section key={category} aria-labelledby={`palette-${category}`}>
            <chakra.h3 id={`palette-${category}`} textStyle="eyebrow" color="text.muted" mb="2">
              {category}
            </chakra.h3>
            <chakra.ul listStyle="none" display="grid" gap="2" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
              {blocks
                .filter((block) => block.category === category)
                .map((block) => (
                  <li key={block.type}>
                    <chakra.button
                      type="button"
                      onClick={() => onChoose(block)}
                      data-palette={block.type}
                      w="full"
                      h="full"
                      display="flex"
                      flexDirection="column"
                      justifyContent="start"
                      textAlign="start"
                      p="3"
                      borderWidth="1px"
                      borderColor="line.default"
                      borderRadius="md"
                      bg="white"
                      cursor="pointer"
                      _hover={{ borderColor: 'brand.solid', bg: 'brand.subtle' }}
                    >
                      <chakra.span display="block" fontWeight="650">
                        {block.title}
                      </chakra.span>
                      <chakra.span display="block" textStyle="small" color="text.muted" mt="1">
                        {block.description}
                      </chakra.span>
                    </chakra.button>
                  </li>
                ))}
            </chakra.ul>
          </section>
        ))}
      </chakra.div>
    </ModalDialog>
  );
}
