import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { logger } from '../ui/logger';

/** What a visitor sees in place of a block that failed: a small notice, with the error in development. */
function BlockNotice({ notice, error }: { notice: string; error?: unknown }) {
  return (
    <chakra.div
      role="note"
      data-block-error=""
      mx="auto"
      my="6"
      maxW="3xl"
      px="4"
      py="3"
      borderWidth="1px"
      borderColor="line.default"
      borderRadius="md"
      bg="surface.sunken"
      textStyle="small"
    >
      {notice}
      {import.meta.env.DEV && error !== undefined ? (
        <chakra.pre mt="2" whiteSpace="pre-wrap">
          {String((error as Error).stack ?? error)}
        </chakra.pre>
      ) : null}
    </chakra.div>
  );
}

class BlockErrorBoundary extends Component<{ notice: string; name: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logger.error(`Block "${this.props.name}" failed to render`, error, info.componentStack);
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <BlockNotice notice={this.props.notice} error={this.state.error} />;
  }
}

/**
 * Isolates one block: an error while rendering it (in the browser) or while loading or
 * rendering it on the server (where React turns a failed Suspense boundary into its
 * fallback) shows a notice in its place, and the rest of the page still renders.
 */
export function BlockFrame({ name, notice, children }: { name: string; notice: string; children: ReactNode }) {
  return (
    <BlockErrorBoundary name={name} notice={notice}>
      <Suspense fallback={<BlockNotice notice={notice} />}>{children}</Suspense>
    </BlockErrorBoundary>
  );
}
