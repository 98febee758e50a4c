import { effectiveOfferStatus, type JobOffer, OFFER_STATUS_COLORS, OFFER_STATUS_LABELS } from '@dms/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { serviceDateLabel } from '../../../components/driver-job/format';
import { JobSummary } from '../../../components/driver-job/job-summary';
import { useFormatters } from '../../../lib/use-formatters';

/** An offer (spec 2 §2.5): status, expiry, message, the job and who offered it; Accept and Decline while pending. */
export function OfferCard({
  offer,
  now,
  seriesDates,
  onAccept,
  onDecline,
  onView,
}: {
  offer: JobOffer;
  now: Date;
  /** Offers of one series shown as one (issue 27): every date offered, the card's job the first. */
  seriesDates?: string[];
  onAccept: (offer: JobOffer) => void;
  onDecline: (offer: JobOffer) => void;
  onView: (offer: JobOffer) => void;
}) {
  const format = useFormatters();
  const status = effectiveOfferStatus(offer, now);
  const job = offer.job;
  const series = seriesDates && seriesDates.length > 1 ? seriesDates : null;
  return (
    <Card padding="md" data-testid={series ? 'series-offer-card' : 'offer-card'} data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {job.title ?? 'Untitled job'}
            </Title>
            {series ? (
              <Text size="sm" data-testid="series-dates">
                {series.length} dates, {format.serviceDate(series[0] ?? '')} –{' '}
                {format.serviceDate(series.at(-1) ?? '')}
              </Text>
            ) : (
              <Text size="sm">{serviceDateLabel(format, job.serviceDate)}</Text>
            )}
          </Stack>
          <Badge
            color={OFFER_STATUS_COLORS[status]}
            variant="light"
            style={{ flexShrink: 0 }}
            data-testid="offer-status"
          >
            {OFFER_STATUS_LABELS[status]}
          </Badge>
        </Group>
        {series && (
          <Badge
            color="teal"
            variant="light"
            leftSection={<IconRepeat size={12} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
          >
            Series: one answer for every date
          </Badge>
        )}
        <JobSummary job={job} />
        {offer.message && (
          <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
            “{offer.message}”
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {offer.creator?.firstName ? `Offered by ${offer.creator.firstName}` : 'Offered by the office'}
          {offer.expiresAt
            ? status === 'expired'
              ? ` · Expired ${format.dateTime(offer.expiresAt)}`
              : status === 'pending'
                ? ` · Answer by ${format.dateTime(offer.expiresAt)}`
                : ''
            : ''}
        </Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="subtle" onClick={() => onView(offer)}>
            View Details
          </Button>
          {status === 'pending' && (
            <>
              <Button variant="default" color="red" onClick={() => onDecline(offer)}>
                {series ? 'Decline series' : 'Decline'}
              </Button>
              <Button onClick={() => onAccept(offer)}>
                {series ? `Accept all ${series.length}` : 'Accept'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
