import { Button, Group, Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A dialog that holds a form. Clicking outside does not close it (typed values would be lost);
 * Escape and the close button do, unless a dialog opened from it is on top.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size = 'md',
  closeOnEscape = true,
  busy = false,
  fullScreenOnPhone = false,
  children,
  'data-testid': testId,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** False while a dialog opened from this one is on screen (Escape closes only the top one). */
  closeOnEscape?: boolean;
  /** While saving: the dialog stays until the answer arrives. */
  busy?: boolean;
  /** Fills a phone's screen (long forms). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      size={size}
      fullScreen={fullScreenOnPhone && phone}
      centered
      closeOnClickOutside={false}
      closeOnEscape={closeOnEscape}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}

/** Cancel and the submit button at the foot of a form. */
export function FormActions({
  submitLabel,
  loading,
  disabled = false,
  onCancel,
}: {
  submitLabel: string;
  loading: boolean;
  /** The form is not ready to be sent. */
  disabled?: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onCancel} disabled={loading}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled} loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
