import type { ReactNode } from 'react';
import { BuildDateContext, BuildDateReadContext } from '../ui/use-build-date';
import { CurrentPageContext, type IsCurrentPage } from '../ui/use-is-current-page';

/**
 * What a server render of a page, or of a part of one, tells its components: the day it is
 * rendered for (`readDay` is told when one reads it) and whether a link leads to the page.
 */
export function PageContexts({
  today,
  readDay,
  isCurrent,
  children,
}: {
  today: string;
  readDay: () => void;
  isCurrent: IsCurrentPage;
  children: ReactNode;
}) {
  return (
    <BuildDateContext.Provider value={today}>
      <BuildDateReadContext.Provider value={readDay}>
        <CurrentPageContext.Provider value={isCurrent}>{children}</CurrentPageContext.Provider>
      </BuildDateReadContext.Provider>
    </BuildDateContext.Provider>
  );
}
