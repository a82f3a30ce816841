import { chakra } from '@chakra-ui/react';

/** Said as soon as the file changes on disk while it is open: nothing is lost, and Save merges. */
export function ChangedOnDiskNote() {
  return (
    <chakra.div role="status" px="4" py="2" bg="brand.subtle" textStyle="small" data-changed-on-disk="">
      This page was just changed elsewhere (by a colleague’s publish, another tab, or a hand edit). Your changes are kept: Save merges
      theirs with yours, and asks only where you both changed the same field.
    </chakra.div>
  );
}
