import { chakra } from '@chakra-ui/react';

/** A diff as lines coloured by what happened to them. */
export function Patch({ text, label }: { text: string; label: string }) {
  return (
    <chakra.pre
      // A region that scrolls: it takes focus, so the arrow keys scroll it.
      role="region"
      aria-label={label}
      tabIndex={0}
      textStyle="small"
      fontFamily="mono"
      bg="surface.sunken"
      p="3"
      borderRadius="md"
      overflow="auto"
      maxH="20rem"
      data-patch=""
    >
      {text
        .split('\n')
        .slice(2)
        .map((line, index) => (
          <chakra.span
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text, in order.
            key={index}
            display="block"
            bg={line.startsWith('+') ? 'green.100' : line.startsWith('-') ? 'red.100' : undefined}
          >
            {line || ' '}
          </chakra.span>
        ))}
    </chakra.pre>
  );
}
