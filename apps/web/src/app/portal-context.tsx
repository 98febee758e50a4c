import {
  isMultiRole,
  type Portal,
  type PortalStorageAction,
  portalHomePath,
  portalsFor,
  resolvePortal,
  switchPortal,
} from '@dms/domain';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser, userRoles } from '../features/auth/api';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../lib/storage-keys';

export interface PortalState {
  /** The current portal: manager or driver. */
  portal: Portal;
  /** The portals the user may switch between (manager first). */
  available: Portal[];
  multiRole: boolean;
  /** Switches to a held portal and goes to its home; other values are ignored. */
  switchTo: (target: Portal) => void;
}

const PortalContext = createContext<PortalState | null>(null);

function readStoredPortal(): string | null {
  return readStorage('local', STORAGE_KEYS.preferredPortal);
}

function applyStorage(action: PortalStorageAction): void {
  if (action.type === 'store') {
    removeStorage('local', STORAGE_KEYS.preferredPortal);
    writeStorage('local', STORAGE_KEYS.preferredPortal, action.value);
  }
}

/** The portal this user opens in: the stored one if they hold it, else their default (spec 1 §4). */
export function portalOnOpening(user: Parameters<typeof userRoles>[0]): Portal {
  return resolvePortal(readStoredPortal(), userRoles(user)).portal;
}

/** Sign-out forgets the portal (spec 1 §4). */
export function forgetPortal(): void {
  removeStorage('local', STORAGE_KEYS.preferredPortal);
}

/**
 * The portal of the signed-in user, kept in localStorage `preferredPortal` (spec 1 §4); the rules
 * are the pure functions of @dms/domain. Other tabs follow through the storage event.
 */
export function PortalProvider({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const roles = useMemo(() => (user ? userRoles(user) : null), [user]);
  const [stored, setStored] = useState(readStoredPortal);
  const resolution = resolvePortal(stored, roles);
  const toStore = resolution.storage.type === 'store' ? resolution.storage.value : null;

  useEffect(() => {
    if (toStore === null) return;
    applyStorage({ type: 'store', value: toStore });
    setStored(toStore);
  }, [toStore]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage && event.key === STORAGE_KEYS.preferredPortal) {
        setStored(event.newValue);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const switchTo = useCallback(
    (target: Portal) => {
      const next = switchPortal(target, roles ?? []);
      if (!next) return;
      applyStorage(next.storage);
      setStored(next.portal);
      navigate(portalHomePath(next.portal));
    },
    [roles, navigate],
  );

  const value = useMemo<PortalState>(
    () => ({
      portal: resolution.portal,
      available: portalsFor(roles ?? []),
      multiRole: isMultiRole(roles ?? []),
      switchTo,
    }),
    [resolution.portal, roles, switchTo],
  );

  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalState {
  const state = useContext(PortalContext);
  if (!state) throw new Error('usePortal needs a PortalProvider (the app layout)');
  return state;
}
