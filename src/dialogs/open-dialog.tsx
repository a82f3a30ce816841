import { createRoot } from 'react-dom/client';
import { pageStyleCache } from '../runtime/page-style-cache';
import { Providers } from '../runtime/Providers';
import DialogHost, { type DialogHostProps, type DialogKind } from './DialogHost';

let opener: ((kind: DialogKind) => void) | undefined;

/**
 * Opens a dialog, mounting the dialog host the first time. This module is loaded only when
 * a visitor first presses a button that opens a dialog, so pages carry none of its code.
 */
export function openDialog(kind: DialogKind, mount: HTMLElement): void {
  if (opener) {
    opener(kind);
    return;
  }
  const props = JSON.parse(mount.dataset.props ?? '{}') as Omit<DialogHostProps, 'initial' | 'onReady'>;
  createRoot(mount).render(
    <Providers cache={pageStyleCache()}>
      <DialogHost {...props} initial={kind} onReady={(open) => (opener = open)} />
    </Providers>,
  );
}
