import type { JobOffer } from '@dms/domain';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DriverJobDetailDialog } from '../../../components/driver-job/driver-job-detail-dialog';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useAnswerOffer, useJobOffers } from '../api';
import { OfferCard } from '../components/offer-card';
import { groupOffers, type OfferGroup } from '../offer-groups';

/** An answer being confirmed; `series` is the number of dates when it answers a whole series. */
type Answer = { offer: JobOffer; status: 'accepted' | 'rejected'; series: number | null };

/** Job Offers (spec 2 §2.5): Pending Offers with a count, then Previous Offers. */
export function JobOffersPage() {
  const query = useJobOffers();
  const answer = useAnswerOffer();
  const [confirming, setConfirming] = useState<Answer | null>(null);
  const [viewing, setViewing] = useState<JobOffer | null>(null);
  const now = new Date();
  const pending = query.data?.pending ?? [];
  const previous = query.data?.previous ?? [];

  const submit = () => {
    if (!confirming) return;
    const { offer, status, series } = confirming;
    answer.mutate(
      { offerId: offer.id, status, series: series !== null },
      {
        onSuccess: () => {
          setConfirming(null);
          showToast(
            status === 'accepted'
              ? {
                  title: 'Offer Accepted',
                  message: series
                    ? `You've accepted all ${series} dates of this series. Check 'My Jobs' to see them.`
                    : "You've accepted this job offer. Check 'My Jobs' to see it.",
                  tone: 'success',
                }
              : {
                  title: 'Offer Declined',
                  message: series ? "You've declined this series." : "You've declined this job offer.",
                  tone: 'success',
                },
          );
        },
        onError: (error) => {
          setConfirming(null);
          showToast({
            title: 'Error',
            message: errorMessage(error, 'Failed to respond to offer'),
            tone: 'error',
          });
        },
      },
    );
  };

  const card = ({ offer, dates }: OfferGroup) => {
    const series = dates.length > 1 ? dates.length : null;
    return (
      <OfferCard
        key={offer.id}
        offer={offer}
        now={now}
        seriesDates={series ? dates : undefined}
        onAccept={(o) => setConfirming({ offer: o, status: 'accepted', series })}
        onDecline={(o) => setConfirming({ offer: o, status: 'rejected', series })}
        onView={setViewing}
      />
    );
  };
  const single = (offer: JobOffer): OfferGroup => ({ offer, dates: [] });

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm" component="section" aria-labelledby="pending-offers">
        <Group gap="xs">
          <Title order={2} size="h4" id="pending-offers">
            Pending Offers
          </Title>
          {query.data && (
            <Badge variant="filled" data-testid="pending-count">
              {pending.length}
            </Badge>
          )}
        </Group>
        <QueryState
          skeletonRows={3}
          skeletonHeight={112}
          query={query}
          isEmpty={pending.length === 0}
          empty="No offers are waiting for your answer."
          errorTitle="Could not load your offers"
        >
          <Stack gap="sm">{groupOffers(pending).map(card)}</Stack>
        </QueryState>
      </Stack>
      {query.data && (
        <Stack gap="sm" component="section" aria-labelledby="previous-offers">
          <Title order={2} size="h4" id="previous-offers">
            Previous Offers
          </Title>
          {previous.length === 0 ? (
            <Text c="dimmed">No previous offers.</Text>
          ) : (
            <Stack gap="sm">{previous.map((o) => card(single(o)))}</Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming?.status === 'accepted'}
        title={confirming?.series ? 'Accept the whole series?' : 'Accept Job Offer?'}
        message={
          confirming?.series
            ? `Please confirm you are available for all ${confirming.series} dates. They will then appear in My Jobs.`
            : 'Please confirm you are available for this job. It will then appear in My Jobs.'
        }
        confirmLabel="Accept"
        loading={answer.isPending}
        onConfirm={submit}
        onCancel={() => setConfirming(null)}
        data-testid="accept-offer-dialog"
      />
      <ConfirmDialog
        opened={confirming?.status === 'rejected'}
        title={confirming?.series ? 'Decline the whole series?' : 'Decline Job Offer?'}
        message={
          confirming?.series
            ? `You will be taken off all ${confirming.series} dates. This action cannot be undone.`
            : 'This action cannot be undone.'
        }
        confirmLabel="Decline"
        confirmColor="red"
        loading={answer.isPending}
        onConfirm={submit}
        onCancel={() => setConfirming(null)}
        data-testid="decline-offer-dialog"
      />
      <DriverJobDetailDialog job={viewing?.job ?? null} onClose={() => setViewing(null)} />
    </Stack>
  );
}
