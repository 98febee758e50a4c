import { SCAN_ACCEPT } from '@dms/domain';
import { Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state';
import { ScanLink } from '../../../components/scan-link';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { type ScanSubject, useComplianceScans, useUploadScan } from '../api/compliance-scans';

export interface ScannedRecord {
  /** licence, medical, childrenCheck, document:<type id>, registration, insurance, inspection. */
  kind: string;
  label: string;
}

/**
 * The scans of a driver's or vehicle's records (issue 26, ADR 35): each record's scan in force, to
 * view, and a file to upload or replace it with (PDF or picture, 10 MB; the one replaced is kept).
 */
export function RecordScans({
  subject,
  id,
  records,
}: {
  subject: ScanSubject;
  id: string;
  records: ScannedRecord[];
}) {
  const query = useComplianceScans(subject, id);
  const upload = useUploadScan(subject, id);
  const scanOf = new Map((query.data?.items ?? []).map((s) => [s.kind, s]));
  const send = (record: ScannedRecord, file: File | null) => {
    if (!file) return;
    upload.mutate(
      { kind: record.kind, file },
      {
        onSuccess: () =>
          showToast({ tone: 'success', title: 'Scan attached', message: `${record.label}: ${file.name}` }),
        onError: (error) =>
          showToast({
            tone: 'error',
            title: 'The scan was not attached',
            message: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  };
  return (
    <Stack gap="xs" data-testid="record-scans">
      <Title order={4} size="h5">
        Scans
      </Title>
      <Text size="xs" c="dimmed">
        PDF, PNG, JPEG or WebP, up to 10 MB. Only managers and the driver the record is about can open them.
      </Text>
      <QueryState
        query={query}
        isEmpty={false}
        empty={null}
        skeletonRows={records.length}
        skeletonHeight={40}
        errorTitle="Could not load the scans"
        errorMessage={null}
      >
        <Stack gap={6}>
          {records.map((record) => {
            const scan = scanOf.get(record.kind);
            const busy = upload.isPending && upload.variables?.kind === record.kind;
            return (
              <Paper key={record.kind} withBorder radius="sm" p="xs" data-testid="record-scan">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600}>
                      {record.label}
                    </Text>
                    {scan ? (
                      <ScanLink scan={scan} label={record.label} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        No scan
                      </Text>
                    )}
                  </Stack>
                  <FileButton onChange={(file) => send(record, file)} accept={SCAN_ACCEPT}>
                    {(props) => (
                      <Button
                        {...props}
                        size="xs"
                        variant="default"
                        loading={busy}
                        disabled={upload.isPending && !busy}
                        leftSection={<IconUpload size={14} aria-hidden="true" />}
                        aria-label={`${scan ? 'Replace' : 'Upload'} scan of ${record.label}`}
                      >
                        {scan ? 'Replace scan' : 'Upload scan'}
                      </Button>
                    )}
                  </FileButton>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </QueryState>
    </Stack>
  );
}
