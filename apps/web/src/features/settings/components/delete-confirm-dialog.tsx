import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConfirmMessage } from './confirm-message';

/** The confirmation of a `useConfirmedDelete`: its text, and the failure of the last attempt. */
export function DeleteConfirmDialog({
  remove,
  title,
  text,
  confirmLabel = 'Delete',
  'data-testid': testId,
}: {
  remove: { opened: boolean; error: string | null; pending: boolean; confirm: () => void; close: () => void };
  title: string;
  text: string;
  confirmLabel?: string;
  'data-testid': string;
}) {
  return (
    <ConfirmDialog
      opened={remove.opened}
      title={title}
      message={<ConfirmMessage error={remove.error}>{text}</ConfirmMessage>}
      confirmLabel={confirmLabel}
      confirmColor="red"
      loading={remove.pending}
      onConfirm={remove.confirm}
      onCancel={remove.close}
      data-testid={testId}
    />
  );
}
