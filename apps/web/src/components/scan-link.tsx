import type { ComplianceScan } from '@dms/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useFormatters } from '../lib/use-formatters';

/** A scan's link, opening the file in a new tab, and when it was uploaded (by whom). */
export function ScanLink({ scan, label }: { scan: ComplianceScan; label: string }) {
  const f = useFormatters();
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        href={scan.url}
        target="_blank"
        rel="noopener"
        size="sm"
        aria-label={`View scan of ${label}: ${scan.fileName}`}
        style={{ overflowWrap: 'anywhere' }}
      >
        <IconFileText size={14} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {scan.fileName}
      </Anchor>
      <Text size="xs" c="dimmed">
        Uploaded {f.dateTime(scan.uploadedAt)}
        {scan.uploadedBy ? ` by ${scan.uploadedBy}` : ''}
      </Text>
    </Stack>
  );
}
