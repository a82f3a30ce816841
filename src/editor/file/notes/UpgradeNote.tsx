import { Button, chakra } from '@chakra-ui/react';
import type { OpenedFile } from '../../../content/api-types';
import { Patch } from '../../publishing/Patch';
import { plural } from '../../../content/plural';

/** Said of a file written for older schemas: what upgrading changes in it, and a button that upgrades every file. */
export function UpgradeNote({ behind, onUpgrade }: { behind: NonNullable<OpenedFile['behind']>; onUpgrade: () => void }) {
  return (
    <chakra.div role="note" px="4" py="3" bg="orange.50" textStyle="small">
      <chakra.p fontWeight="650">
        This page was written for an older version of the editor’s page format (version {behind.written}; today’s is {behind.current}).
        Upgrading changes it like this
        {behind.others.length > 0 ? `, and ${plural(behind.others.length, 'other page')} too` : ''}:
      </chakra.p>
      <Patch text={behind.patch} label="What the upgrade changes" />
      <Button size="sm" mt="2" onClick={onUpgrade}>
        Upgrade every page
      </Button>
    </chakra.div>
  );
}
