import type { ComplianceScan, DriverCompliance } from '@dms/domain';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DueBadge } from '../../../components/due-badge';
import { QueryState } from '../../../components/query-state';
import { ScanLink } from '../../../components/scan-link';
import { useMyDocuments, useMyScans } from '../api';

// My Documents (issue 26): what the office holds of the driver's licence and checks, read only, so the
// driver sees a renewal coming before allocation starts refusing them.

function DocumentCard({
  title,
  number,
  badge,
  scan,
  children,
}: {
  title: string;
  number?: string | null;
  badge: ReactNode;
  /** The office's scan of the document, if any. */
  scan?: ComplianceScan;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {title}
        </Title>
        {number !== undefined && (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Number:{' '}
            </Text>
            {number ?? 'not recorded'}
          </Text>
        )}
        {children}
        <Group gap="xs">{badge}</Group>
        {scan && <ScanLink scan={scan} label={title} />}
      </Stack>
    </Card>
  );
}

function hasAnything(d: DriverCompliance): boolean {
  return Boolean(
    d.licenceNumber ||
      d.licenceClass ||
      d.licenceExpiry ||
      d.medicalExpiry ||
      d.childrenCheckNumber ||
      d.childrenCheckExpiry ||
      d.documents.some((doc) => doc.number || doc.expiry),
  );
}

/** The driver's licence, medical, working with children check and other documents, with their state. */
export function MyDocumentsPage() {
  const query = useMyDocuments();
  const scans = useMyScans();
  const scanOf = (kind: string) => scans.data?.items.find((s) => s.kind === kind);
  const d = query.data;
  return (
    <Stack gap="md" data-testid="my-documents">
      <Text size="sm" c="dimmed">
        The office keeps these records. If something is wrong or you have renewed a document, tell the office.
      </Text>
      <QueryState
        query={query}
        isEmpty={!d || (!hasAnything(d) && !scans.data?.items.length)}
        skeletonRows={3}
        skeletonHeight={96}
        errorTitle="Could not load your documents"
        empty={
          <Text size="sm" data-testid="my-documents-empty">
            No documents recorded yet. The office enters your licence, medical and checks.
          </Text>
        }
      >
        {d && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DocumentCard
              title="Driver licence"
              number={d.licenceNumber}
              scan={scanOf('licence')}
              badge={<DueBadge label="Licence" date={d.licenceExpiry} />}
            >
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  Class:{' '}
                </Text>
                {d.licenceClass ?? 'not recorded'}
              </Text>
            </DocumentCard>
            <DocumentCard
              title="Medical certificate"
              scan={scanOf('medical')}
              badge={<DueBadge label="Medical" date={d.medicalExpiry} />}
            />
            <DocumentCard
              title="Working with children check"
              number={d.childrenCheckNumber}
              scan={scanOf('childrenCheck')}
              badge={<DueBadge label="Check" date={d.childrenCheckExpiry} />}
            />
            {d.documents.map((doc) => (
              <DocumentCard
                key={doc.typeId}
                title={doc.typeName}
                number={doc.number}
                scan={scanOf(`document:${doc.typeId}`)}
                badge={
                  doc.expires ? (
                    <DueBadge label={doc.typeName} date={doc.expiry} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      Does not expire
                    </Text>
                  )
                }
              >
                {doc.requiredForSchoolWork && (
                  <Text size="sm" c="dimmed">
                    Required for school work
                  </Text>
                )}
              </DocumentCard>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
