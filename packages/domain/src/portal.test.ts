import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PORTAL,
  defaultPortalFor,
  isMultiRole,
  portalHomePath,
  portalsFor,
  resolvePortal,
  switchPortal,
} from './portal';

describe('resolvePortal', () => {
  it('is driver before any session is known and leaves the stored value alone', () => {
    expect(DEFAULT_PORTAL).toBe('driver');
    expect(resolvePortal(null, null)).toEqual({ portal: 'driver', storage: { type: 'keep' } });
    expect(resolvePortal('manager', null)).toEqual({ portal: 'driver', storage: { type: 'keep' } });
  });

  it('uses a stored portal that is among the roles', () => {
    expect(resolvePortal('driver', ['manager', 'driver'])).toEqual({
      portal: 'driver',
      storage: { type: 'keep' },
    });
    expect(resolvePortal('manager', ['manager', 'driver'])).toEqual({
      portal: 'manager',
      storage: { type: 'keep' },
    });
    expect(resolvePortal('driver', ['driver'])).toEqual({ portal: 'driver', storage: { type: 'keep' } });
  });

  it('replaces a stored portal the user does not hold with the default and stores it', () => {
    expect(resolvePortal('manager', ['driver'])).toEqual({
      portal: 'driver',
      storage: { type: 'store', value: 'driver' },
    });
    expect(resolvePortal('driver', ['manager'])).toEqual({
      portal: 'manager',
      storage: { type: 'store', value: 'manager' },
    });
  });

  it('defaults to manager when held, else driver, and stores the default when nothing is stored', () => {
    expect(resolvePortal(null, ['driver', 'manager'])).toEqual({
      portal: 'manager',
      storage: { type: 'store', value: 'manager' },
    });
    expect(resolvePortal(undefined, ['driver'])).toEqual({
      portal: 'driver',
      storage: { type: 'store', value: 'driver' },
    });
  });

  it('treats an unknown stored value as absent', () => {
    expect(resolvePortal('admin', ['manager'])).toEqual({
      portal: 'manager',
      storage: { type: 'store', value: 'manager' },
    });
    expect(resolvePortal('', ['driver']).portal).toBe('driver');
  });

  it('falls back to driver for a user without any known role', () => {
    expect(resolvePortal(null, [])).toEqual({
      portal: 'driver',
      storage: { type: 'store', value: 'driver' },
    });
    expect(resolvePortal('manager', ['admin']).portal).toBe('driver');
  });
});

describe('switchPortal', () => {
  it('switches to a held role and stores it', () => {
    expect(switchPortal('driver', ['manager', 'driver'])).toEqual({
      portal: 'driver',
      storage: { type: 'store', value: 'driver' },
    });
    expect(switchPortal('manager', ['manager', 'driver'])?.portal).toBe('manager');
  });

  it('ignores a role the user does not hold or an unknown portal', () => {
    expect(switchPortal('manager', ['driver'])).toBeNull();
    expect(switchPortal('driver', ['manager'])).toBeNull();
    expect(switchPortal('admin', ['manager', 'driver'])).toBeNull();
  });
});

describe('roles', () => {
  it('is multi-role with more than one role', () => {
    expect(isMultiRole(['manager', 'driver'])).toBe(true);
    expect(isMultiRole(['manager'])).toBe(false);
    expect(isMultiRole(['driver'])).toBe(false);
    expect(isMultiRole([])).toBe(false);
    expect(isMultiRole(['driver', 'driver'])).toBe(false);
  });

  it('lists portals in a fixed order and prefers manager', () => {
    expect(portalsFor(['driver', 'manager', 'other'])).toEqual(['manager', 'driver']);
    expect(defaultPortalFor(['driver', 'manager'])).toBe('manager');
    expect(defaultPortalFor(['driver'])).toBe('driver');
  });

  it('sends manager to / and driver to /dashboard', () => {
    expect(portalHomePath('manager')).toBe('/');
    expect(portalHomePath('driver')).toBe('/dashboard');
  });
});
