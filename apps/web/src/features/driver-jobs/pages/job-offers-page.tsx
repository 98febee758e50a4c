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

type Answer = { offer: JobOffer; status: 'accepted' | 'rejected' };

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
    const { offer, status } = confirming;
    answer.mutate(
      { offerId: offer.id, status },
      {
        onSuccess: () => {
          setConfirming(null);
          showToast(
            status === 'accepted'
              ? {
                  title: 'Offer Accepted',
                  message: "You've accepted this job offer. Check 'My Jobs' to see it.",
                  tone: 'success',
                }
              : { title: 'Offer Declined', message: "You've declined this job offer.", tone: 'success' },
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

  const card = (offer: JobOffer) => (
    <OfferCard
      key={offer.id}
      offer={offer}
      now={now}
      onAccept={(o) => setConfirming({ offer: o, status: 'accepted' })}
      onDecline={(o) => setConfirming({ offer: o, status: 'rejected' })}
      onView={setViewing}
    />
  );

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
          <Stack gap="sm">{pending.map(card)}</Stack>
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
            <Stack gap="sm">{previous.map(card)}</Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming?.status === 'accepted'}
        title="Accept Job Offer?"
        message="Please confirm you are available for this job. It will then appear in My Jobs."
        confirmLabel="Accept"
        loading={answer.isPending}
        onConfirm={submit}
        onCancel={() => setConfirming(null)}
        data-testid="accept-offer-dialog"
      />
      <ConfirmDialog
        opened={confirming?.status === 'rejected'}
        title="Decline Job Offer?"
        message="This action cannot be undone."
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
