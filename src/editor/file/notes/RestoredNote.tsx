import { Button, chakra } from '@chakra-ui/react';

/** Said when the draft was brought back from the browser's storage: keep it, or go back to the file. */
export function RestoredNote({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <chakra.div role="note" px="4" py="2" bg="brand.subtle" textStyle="small" display="flex" gap="3" alignItems="center">
      Your unsaved changes to this file were kept from last time.
      <Button size="2xs" variant="outline" onClick={onKeep}>
        Keep them
      </Button>
      <Button size="2xs" variant="ghost" onClick={onDiscard}>
        Discard them
      </Button>
    </chakra.div>
  );
}
