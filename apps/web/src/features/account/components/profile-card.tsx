import type { UserRole } from '@dms/domain';
import { Badge, Card, Divider, Group, Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { SectionHeader } from '../../../components/section-header';
import type { AccountUser } from '../account-user';

const ROLE_LABELS: Record<UserRole, string> = { manager: 'Manager', driver: 'Driver' };

/** The read-only profile (spec 1 §2): first name, last name, email and role. */
export function ProfileCard({ user }: { user: AccountUser }) {
  return (
    <Card padding="lg" data-testid="profile-card">
      <Stack gap="md">
        <SectionHeader
          icon={<IconUser size={20} />}
          title="Profile"
          description="Your details as your operator holds them. Ask a manager to change them."
        />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First Name" value={user.firstName ?? ''} readOnly variant="filled" />
          <TextInput label="Last Name" value={user.lastName ?? ''} readOnly variant="filled" />
          <TextInput label="Email" value={user.email} readOnly variant="filled" />
          <Stack gap={4}>
            <Input.Label component="div" id="profile-role-label">
              Role
            </Input.Label>
            <Group gap="xs" mih={36} aria-labelledby="profile-role-label" role="group">
              {user.roles.map((role) => (
                <Badge key={role} variant="light" size="lg" radius="sm" style={{ textTransform: 'none' }}>
                  {ROLE_LABELS[role]}
                </Badge>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
