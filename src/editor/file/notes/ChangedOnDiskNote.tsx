import { chakra } from '@chakra-ui/react';

/** Said as soon as the file changes on disk while it is open: nothing is lost, and Save merges. */
export function ChangedOnDiskNote() {
  return (
    <chakra.div role="status" px="4" py="2" bg="brand.subtle" textStyle="small" data-changed-on-disk="">
      This file was just changed on disk (a hand edit, a git pull, another tab). Your changes are kept: Save merges theirs with yours, and
      asks only where you both changed the same field.
    </chakra.div>
  );
}
