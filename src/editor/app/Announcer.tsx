import { chakra } from '@chakra-ui/react';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

const AnnouncerContext = createContext<(message: string) => void>(() => undefined);

/** A polite live region for what the editor did (a block moved, added, deleted, a file saved), read by screen readers. */
export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  // The same words twice in a row are still announced: the region is emptied first.
  const announce = useCallback((next: string) => {
    setMessage('');
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <chakra.div role="status" aria-live="polite" srOnly data-announcer="">
        {message}
      </chakra.div>
    </AnnouncerContext.Provider>
  );
}

export const useAnnouncer = (): ((message: string) => void) => useContext(AnnouncerContext);
