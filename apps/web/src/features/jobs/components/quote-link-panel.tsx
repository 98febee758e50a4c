import { type Job, QUOTE_LINK_STATUS_COLORS, QUOTE_LINK_STATUS_LABELS, type QuoteLink } from '@dms/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileDownload, IconLinkOff, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { signedQuotePdfUrl, useQuoteLink, useRevokeQuoteLink } from '../api';

/** The status badge of a job's quote link, one colour per state. */
export function QuoteLinkBadge({ link }: { link: Pick<QuoteLink, 'status'> }) {
  return (
    <Badge color={QUOTE_LINK_STATUS_COLORS[link.status]} variant="light" data-testid="quote-link-status">
      Quote {QUOTE_LINK_STATUS_LABELS[link.status].toLowerCase()}
    </Badge>
  );
}

function History({ link }: { link: QuoteLink }) {
  const format = useFormatters();
  const lines: string[] = [
    `Sent to ${link.sentTo} on ${format.dateTime(link.sentAt)}${link.sentByName ? ` by ${link.sentByName}` : ''}.`,
  ];
  if (link.viewedAt) lines.push(`First viewed on ${format.dateTime(link.viewedAt)}.`);
  if (link.acceptedAt) {
    lines.push(
      `Accepted by ${link.acceptedName} on ${format.dateTime(link.acceptedAt)}${link.acceptedIp ? ` from ${link.acceptedIp}` : ''}${link.hasSignature ? ', signed' : ''}.`,
    );
  }
  if (link.declinedAt) {
    lines.push(
      `Declined on ${format.dateTime(link.declinedAt)}${link.declineReason ? `: “${link.declineReason}”` : ' (no reason given).'}`,
    );
  }
  if (link.revokedAt) lines.push(`Revoked on ${format.dateTime(link.revokedAt)}.`);
  if (link.status === 'sent' || link.status === 'viewed')
    lines.push(`The link works until ${format.dateTime(link.expiresAt)}.`);
  if (link.status === 'expired') lines.push(`Expired on ${format.dateTime(link.expiresAt)}.`);
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The job's online quote (issue 24): its link's state and the customer's answer, send and revoke. */
export function QuoteLinkPanel({ job, onSend }: { job: Job; onSend: () => void }) {
  const query = useQuoteLink(job.id);
  const revoke = useRevokeQuoteLink();
  const [confirming, setConfirming] = useState(false);
  const link = query.data?.link ?? null;
  if (job.status !== 'quoted' && !link) return null;
  const open = link?.status === 'sent' || link?.status === 'viewed';

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby="quote-link-title"
      data-testid="quote-link-panel"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h5" id="quote-link-title">
              Online quote
            </Title>
            {link ? <QuoteLinkBadge link={link} /> : null}
          </Group>
          <Group gap="xs">
            {link?.acceptedAt ? (
              <Button
                size="xs"
                variant="default"
                component="a"
                href={signedQuotePdfUrl(job.id)}
                download
                leftSection={<IconFileDownload size={16} aria-hidden="true" />}
              >
                Signed PDF
              </Button>
            ) : null}
            {open ? (
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconLinkOff size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                Revoke
              </Button>
            ) : null}
            {job.status === 'quoted' ? (
              <Button
                size="xs"
                leftSection={<IconSend size={16} aria-hidden="true" />}
                onClick={onSend}
                data-testid="send-quote-open"
              >
                {link ? 'Send again' : 'Send quote'}
              </Button>
            ) : null}
          </Group>
        </Group>
        {query.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : query.isError ? (
          <Text size="sm" c="red">
            The quote link could not be loaded.
          </Text>
        ) : link ? (
          <History link={link} />
        ) : (
          <Text size="sm" c="dimmed">
            Not sent yet. Send the quote to let the customer accept it online.
          </Text>
        )}
        {link?.changedSinceSent ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} p="xs">
            The quote changed after it was sent: the customer sees “This quote has been updated” and cannot
            accept it. Send it again.
          </Alert>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Revoke quote link"
        message={`The link sent to ${link?.sentTo ?? 'the customer'} will stop working. The customer will see that it is no longer valid.`}
        confirmLabel="Revoke"
        confirmColor="red"
        loading={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(job.id, {
            onSuccess: () => {
              setConfirming(false);
              showToast({ title: 'Quote link revoked', tone: 'success' });
            },
            onError: (e) => {
              setConfirming(false);
              showToast({
                title: 'The link could not be revoked',
                message: errorMessage(e, ''),
                tone: 'error',
              });
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
