// A modal dialog (react-aria-components): scrim, focus trapped, Escape closes unless `busy`, a heading that
// names it, the body and a row of actions.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './Dialog.module.css';

export function AppDialog({
  open,
  onClose,
  title,
  children,
  actions,
  busy = false,
  role = 'dialog',
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** While an action runs the dialog does not close on Escape or a click outside. */
  busy?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Extra class of the modal box (a wider or taller dialog). */
  className?: string;
}) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
    >
      <Modal className={`${styles.modal} ${className ?? ''}`}>
        <Dialog className={styles.dialog} role={role}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          <div className={styles.body}>{children}</div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
