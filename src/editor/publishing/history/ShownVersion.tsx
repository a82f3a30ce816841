import { chakra } from '@chakra-ui/react';
import { Preview } from '../../file/Preview';
import { dateWords } from '../../app/date-words';
import type { Shown } from './history-state';
import { VersionComparison } from './VersionComparison';

/**
 * What History shows under its heading: one version drawn as the site draws it, or two compared,
 * block by block and field by field, and drawn side by side; `label` names a side of a comparison.
 */
export function ShownVersion({ path, shown, label }: { path: string; shown: Shown | null; label: (commit: string) => string }) {
  if (shown?.kind === 'version')
    return shown.value ? (
      <chakra.div h={{ base: 'auto', lg: '75dvh' }}>
        <Preview
          path={path}
          value={shown.value}
          selected={null}
          onSelect={() => undefined}
          label={`Preview of the version of ${dateWords(shown.version.date)}`}
        />
      </chakra.div>
    ) : (
      <chakra.p>Reading that version…</chakra.p>
    );
  if (shown?.kind === 'compare')
    return shown.comparison && shown.values ? (
      <>
        <VersionComparison comparison={shown.comparison} />
        <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="3">
          {shown.values.map((value, index) => (
            <chakra.div key={index === 0 ? shown.from : shown.to} h={{ base: 'auto', lg: '70dvh' }} minW="0">
              <Preview
                path={path}
                value={value}
                selected={null}
                onSelect={() => undefined}
                label={`${index === 0 ? 'Before' : 'After'}: ${label(index === 0 ? shown.from : shown.to)}`}
              />
            </chakra.div>
          ))}
        </chakra.div>
      </>
    ) : (
      <chakra.p>Comparing…</chakra.p>
    );
  return null;
}
