import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { displayName, type SessionUser } from '../../features/auth/api';

function initials(user: SessionUser): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}

/** The user's first and last name, linking to account settings (spec 1 §2). */
export function UserLink({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const name = displayName(user);
  return (
    <UnstyledButton
      component={Link}
      to="/user-settings"
      onClick={onNavigate}
      title="Account settings"
      data-testid="user-link"
      style={{ borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}
    >
      <Group gap={8} wrap="nowrap" px={6} py={4}>
        <Avatar size={30} radius="xl" color="brand" variant="light" aria-hidden="true">
          {initials(user)}
        </Avatar>
        <Text component="span" size="sm" fw={500} truncate="end" maw={200}>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
