import { QUOTE_LINK_MESSAGE_MAX_LENGTH, SendQuoteLinkInputSchema } from '@dms/domain';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useJob, useQuoteLink, useSendQuoteLink } from '../api';

/**
 * "Send quote" (issue 24): mails the customer a link to the quote, to the job's contact (or the
 * customer) unless another address is typed. Sending again replaces the link sent before.
 */
export function SendQuoteDialog({ jobId, onClose }: { jobId: string | null; onClose: () => void }) {
  const job = useJob(jobId);
  const link = useQuoteLink(jobId);
  const send = useSendQuoteLink();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const recipient = job.data?.contact?.email || job.data?.customer?.email || '';

  // Fills the form once per opened job, with its contact (or customer) address.
  useEffect(() => {
    if (!jobId) return;
    setTo(recipient);
    setMessage('');
    setError(undefined);
  }, [jobId, recipient]);

  const open = link.data?.link && (link.data.link.status === 'sent' || link.data.link.status === 'viewed');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!jobId) return;
    const parsed = SendQuoteLinkInputSchema.safeParse({ to, message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (!parsed.data.to) {
      setError('Enter the customer’s email address');
      return;
    }
    setError(undefined);
    send.mutate(
      { jobId, input: parsed.data },
      {
        onSuccess: () => {
          onClose();
          showToast({
            title: 'Quote sent',
            message: `A link to the quote was mailed to ${parsed.data.to}.`,
            tone: 'success',
          });
        },
        onError: (e) =>
          showToast({ title: 'The quote could not be sent', message: errorMessage(e, ''), tone: 'error' }),
      },
    );
  };

  return (
    <Modal
      opened={jobId !== null}
      onClose={onClose}
      title="Send quote"
      centered
      zIndex={300}
      data-testid="send-quote-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {job.data ? `${job.data.jobNumber}${job.data.title ? ` · ${job.data.title}` : ''}. ` : ''}
            The customer gets a link to read the quote and accept or decline it online.
          </Text>
          {open ? (
            <Text size="sm" c="orange" data-testid="send-quote-replaces">
              The link sent to {link.data?.link?.sentTo} will stop working.
            </Text>
          ) : null}
          <TextInput
            label="To"
            type="email"
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={error}
            description={recipient ? undefined : 'The job has no contact or customer email.'}
            data-testid="send-quote-to"
          />
          <Textarea
            label="Message (optional)"
            autosize
            minRows={3}
            maxLength={QUOTE_LINK_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-testid="send-quote-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconSend size={16} aria-hidden="true" />}
              data-testid="send-quote-submit"
            >
              Send quote
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
