import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useLogout } from '../../features/auth/api';
import { showToast } from '../../lib/toast';
import { forgetPortal } from '../portal-context';

/**
 * Logout with confirmation (spec 1 §2, §4): on success the current-user cache is cleared, the
 * stored portal removed and the browser goes to /login; a failure toasts 'Logout failed'.
 */
export function LogoutButton({ fullWidth = false, onDone }: { fullWidth?: boolean; onDone?: () => void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const logout = useLogout();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      showToast({ title: 'Logout failed', tone: 'error' });
      return;
    }
    close();
    onDone?.();
    forgetPortal();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Button
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconLogout size={16} aria-hidden="true" />}
        onClick={open}
      >
        Logout
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Confirm Logout"
        message="Are you sure you want to log out? You'll need to sign in again to access your dashboard."
        confirmLabel="Logout"
        confirmColor="red"
        loading={logout.isPending}
        onConfirm={() => void confirm()}
        onCancel={close}
        data-testid="logout-dialog"
      />
    </>
  );
}
