import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SettingsPanelHeader } from '../components/settings-panel-header';

/** /settings/documents/job-sheets: a placeholder (spec 2 §2.7: coming soon; no editor is shown). */
export default function JobSheetsPanel() {
  return (
    <>
      <SettingsPanelHeader
        title="Job Sheet Templates"
        description="The job sheet drivers take on the road: legs, vehicles and notes for each job."
      />
      <Paper withBorder p="xl" radius="md" data-testid="job-sheets-coming-soon">
        <Stack align="center" gap="md" maw={520} mx="auto" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconFileDescription size={30} />
          </ThemeIcon>
          <Group gap="xs" justify="center">
            <Title order={3} size="h4">
              Job sheet templates
            </Title>
            <Badge variant="light" color="orange">
              Coming soon
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            Editing the job sheet layout is coming soon. Until then, job sheets use the company branding and
            colour scheme set for quotes.
          </Text>
          <Button
            component={Link}
            to="/settings/documents/quotes"
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
          >
            Quote Template Settings
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
