import type { Driver } from '@dms/domain';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { showToast } from '../../../lib/toast';
import { useDrivers, useUnlockPin, useUpdateDriver, useUpdateDriverRoles } from '../api/drivers';
import { DriverFormDialog, driverName } from '../components/driver-form-dialog';
import { DriversTable } from '../components/drivers-table';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar } from '../components/list-toolbar';
import { SettingsPanelHeader } from '../components/settings-panel-header';
import { useDialogTarget } from '../components/use-dialog-target';
import { useListState } from '../components/use-list-state';
import { notifySettingsFailure, notifySettingsSuccess } from '../settings-toasts';

const PAGE_SIZE = 20;

type Confirmable = { kind: 'deactivate' | 'make-manager' | 'remove-manager'; driver: Driver };

function confirmText({ kind, driver }: Confirmable) {
  const name = driverName(driver);
  switch (kind) {
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        message: 'The driver will be signed out and cannot use the terminal.',
        confirmLabel: 'Deactivate',
        color: 'red',
      };
    case 'make-manager':
      return {
        title: `Make ${name} a manager?`,
        message: `${name} will also be able to use the manager portal: jobs, reports and settings.`,
        confirmLabel: 'Make manager',
        color: undefined,
      };
    case 'remove-manager':
      return {
        title: `Remove the manager role from ${name}?`,
        message: `${name} will keep the driver portal but can no longer open the manager portal.`,
        confirmLabel: 'Remove manager role',
        color: 'red',
      };
  }
}

/** /settings/drivers (spec 2 §2.7): details, terminal PIN, Activate/Deactivate and the manager role. */
export default function DriversPanel() {
  // The API lists inactive drivers too: the list shows them, muted.
  const list = useListState(PAGE_SIZE);
  const query = useDrivers({ search: list.params.search, limit: PAGE_SIZE, offset: list.params.offset });
  const update = useUpdateDriver();
  const unlockPin = useUnlockPin();
  const updateRoles = useUpdateDriverRoles();
  const form = useDialogTarget<Driver>();
  const confirm = useDialogTarget<Confirmable>();
  const drivers = query.data?.items ?? [];

  const setActive = (driver: Driver, isActive: 0 | 1, onSettled?: () => void) =>
    update.mutate(
      { id: driver.id, input: { isActive } },
      {
        onSuccess: () => notifySettingsSuccess('Driver', 'update'),
        onError: (error) => notifySettingsFailure('Driver', 'update', error),
        onSettled,
      },
    );

  const onConfirm = () => {
    const target = confirm.target;
    if (!target) return;
    if (target.kind === 'deactivate') {
      setActive(target.driver, 0, confirm.close);
      return;
    }
    const roles =
      target.kind === 'make-manager'
        ? [...new Set([...target.driver.roles, 'manager' as const])]
        : target.driver.roles.filter((r) => r !== 'manager');
    updateRoles.mutate(
      { id: target.driver.id, roles },
      {
        onSuccess: () => notifySettingsSuccess('Driver', 'update'),
        onError: (error) => notifySettingsFailure('Driver', 'update', error),
        onSettled: confirm.close,
      },
    );
  };

  const text = confirm.target ? confirmText(confirm.target) : undefined;

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => form.open()}>
      Add Driver
    </Button>
  );

  return (
    <>
      <SettingsPanelHeader
        title="Drivers"
        description="Driver accounts, terminal PINs and access"
        actions={addButton}
      />
      <ListToolbar
        searchLabel="Search drivers"
        searchPlaceholder="Search name or email"
        onSearch={list.setSearch}
      />
      <QueryState
        query={query}
        isEmpty={drivers.length === 0}
        empty={list.search ? 'No drivers match your search.' : 'No drivers yet.'}
      >
        <DriversTable
          drivers={drivers}
          onEdit={(driver) => form.open(driver)}
          onToggleActive={(driver) =>
            driver.isActive === 1 ? confirm.open({ kind: 'deactivate', driver }) : setActive(driver, 1)
          }
          onToggleManager={(driver) =>
            confirm.open({
              kind: driver.roles.includes('manager') ? 'remove-manager' : 'make-manager',
              driver,
            })
          }
          onUnlockPin={(driver) =>
            unlockPin.mutate(driver.id, {
              onSuccess: () =>
                showToast({
                  title: 'PIN unlocked',
                  message: `${driverName(driver)} can sign in at the terminal again.`,
                  tone: 'success',
                }),
              onError: (error) => notifySettingsFailure('Driver', 'update', error),
            })
          }
          busyId={update.isPending && !confirm.opened ? update.variables?.id : undefined}
        />
        <ListPagination
          total={query.data?.total ?? 0}
          page={list.page}
          pageSize={PAGE_SIZE}
          onChange={list.setPage}
          noun="drivers"
        />
      </QueryState>
      <DriverFormDialog opened={form.opened} onClose={form.close} driver={form.target} />
      <ConfirmDialog
        opened={confirm.opened}
        title={text?.title ?? ''}
        message={text?.message ?? ''}
        confirmLabel={text?.confirmLabel ?? 'Confirm'}
        confirmColor={text?.color}
        loading={update.isPending || updateRoles.isPending}
        onConfirm={onConfirm}
        onCancel={confirm.close}
        data-testid="driver-confirm-dialog"
      />
    </>
  );
}
