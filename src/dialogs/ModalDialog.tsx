import { chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalRecipe } from '../theme/recipes';
import { useScrollLock } from '../ui/use-scroll-lock';

const Modal = chakra('dialog', modalRecipe);

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  /** "alertdialog" for a message the visitor must acknowledge (the thank-you, a confirmation): its title and message are centred. */
  role?: 'dialog' | 'alertdialog';
  description?: ReactNode;
  size?: 'sm' | 'lg';
  /** A picture above the title. */
  illustration?: ReactNode;
  /** Whether a click beside the dialog closes it: not for a form, where a stray click would lose what was typed. */
  closeOnBackdrop?: boolean;
  children?: ReactNode;
}

/**
 * A modal dialog on the browser's own <dialog>: focus moves in and is held there, Escape
 * closes it, the page behind is inert and does not scroll, and focus returns to the button that opened it, all
 * without a dialog library in the form chunk. Its look and timings (300 ms, the backdrop 150 ms) are
 * modalRecipe's; its content mounts only while open, so closing clears a form.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  role = 'dialog',
  description,
  size = 'lg',
  illustration,
  closeOnBackdrop = false,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const wanted = useRef(open);
  const id = useId();
  useEffect(() => {
    wanted.current = open;
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  useScrollLock(open);
  return (
    <Modal
      ref={dialog}
      size={size}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      // React state decides what is open. Escape asks to close; the browser's own close event
      // (which also follows our close()) reports only a close the state did not ask for.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (wanted.current) onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself, outside its content box.
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <chakra.div position="relative" p="6" maxH="calc(100dvh - 2rem)" overflowY="auto">
          {illustration}
          <chakra.h2 id={`${id}-title`} textStyle="h3" {...(role === 'alertdialog' ? { px: '10', textAlign: 'center' } : { pe: '10' })}>
            {title}
          </chakra.h2>
          {description ? (
            <chakra.p id={`${id}-description`} mt="2" color="text.muted" textAlign={role === 'alertdialog' ? 'center' : undefined}>
              {description}
            </chakra.p>
          ) : null}
          {children ? <chakra.div mt="4">{children}</chakra.div> : null}
          {/* Every dialog closes from its corner too. Last in the markup, so that focus starts on what comes first on screen (a form's first field, the thank-you's own button). */}
          <chakra.button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            position="absolute"
            top="3"
            right="3"
            display="grid"
            placeItems="center"
            boxSize="9"
            borderRadius="md"
            color="text.muted"
            cursor="pointer"
            _hover={{ bg: 'surface.sunken', color: 'text.body' }}
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </chakra.button>
        </chakra.div>
      ) : null}
    </Modal>
  );
}
