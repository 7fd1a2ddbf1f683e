import { useRef, type ReactNode } from 'react';
import { Dialog, Portal } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { Button } from './button';
import { dialogBackdrop, dialogPositioner } from './overlay';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the confirmed action runs: the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  /** A destructive action gets a red button; focus starts on the safe choice either way. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const styles = {
  content: css({
    w: 'full',
    maxW: '28rem',
    p: { base: '5', md: '6' },
    bg: 'bg.surface',
    borderRadius: 'xl',
    boxShadow: 'lg',
    display: 'grid',
    gap: '3',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
  }),
  title: css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'bold' }),
  description: css({ color: 'fg.muted', fontSize: 'sm' }),
  actions: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', sm: 'row' },
    justifyContent: 'flex-end',
    gap: '2',
    mt: '2',
  }),
};

/** A modal question with a safe and a confirming answer (Ark UI Dialog, role alertdialog). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      lazyMount
      unmountOnExit
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogBackdrop} />
        <Dialog.Positioner className={dialogPositioner({ placement: 'sheet' })}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
            <div className={styles.actions}>
              <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button variant={destructive ? 'destructive' : 'primary'} busy={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
