import { Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionHeader } from '../../../components/section-header';

export interface SecurityCardProps {
  emailVerified: boolean;
  /** The Reset Password button with its dialog. */
  passwordResetAction: ReactNode;
}

/** Security (spec 1 §2): the Reset Password dialog and the email verification badge. */
export function SecurityCard({ emailVerified, passwordResetAction }: SecurityCardProps) {
  return (
    <Card padding="lg" data-testid="security-card">
      <Stack gap="md">
        <SectionHeader
          icon={<IconShieldLock size={20} />}
          title="Security"
          description="Your password and the verification of your email address."
        />
        <Divider />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 240px' }}>
            <Text fw={500}>Password</Text>
            <Text size="sm" c="dimmed">
              We'll email you a link to set a new password.
            </Text>
          </Stack>
          {passwordResetAction}
        </Group>
        <Divider variant="dashed" />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 240px' }}>
            <Text fw={500}>Email verification</Text>
            <Text size="sm" c="dimmed">
              {emailVerified
                ? 'Your email address has been confirmed.'
                : 'Your email address is not confirmed yet.'}
            </Text>
          </Stack>
          <Badge
            size="lg"
            radius="sm"
            variant="light"
            color={emailVerified ? 'green' : 'yellow'}
            leftSection={
              emailVerified ? (
                <IconCircleCheck size={14} aria-hidden="true" />
              ) : (
                <IconAlertCircle size={14} aria-hidden="true" />
              )
            }
            style={{ textTransform: 'none' }}
            data-testid="verification-badge"
          >
            {emailVerified ? 'Verified' : 'Unverified'}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
