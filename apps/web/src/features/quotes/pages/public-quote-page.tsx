import {
  createFormatters,
  type PublicOperator,
  type PublicQuote,
  QUOTE_DECLINE_REASON_MAX_LENGTH,
  QUOTE_NAME_REQUIRED,
  QUOTE_SIGNER_NAME_MAX_LENGTH,
  QUOTE_TERMS_REQUIRED,
} from '@dms/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Container,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconLinkOff,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ThemeToggle } from '../../../app/shell/theme-toggle';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  invalidLinkOf,
  publicQuotePdfUrl,
  useAcceptQuote,
  useDeclineQuote,
  usePublicQuote,
  useRefreshQuote,
} from '../api';
import { QuoteView } from '../components/quote-view';
import { SignaturePad } from '../components/signature-pad';

/** Black or white, whichever reads on the operator's colour. */
function inkOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number.parseInt(c ?? '0', 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#111111' : '#ffffff';
}

/** The page is reached by a secret address: no search engine may list it, no Referer may carry it on. */
function usePrivatePageMeta(title: string) {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name ?? '';
      meta.content = content ?? '';
      document.head.appendChild(meta);
      return meta;
    });
    return () => {
      for (const meta of added) meta.remove();
    };
  }, []);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function Header({
  operator,
}: {
  operator: Pick<PublicOperator, 'name' | 'logoUrl' | 'primaryColor'> | null;
}) {
  const background = operator?.primaryColor ?? 'var(--mantine-color-brand-8)';
  const ink = operator ? inkOn(operator.primaryColor) : '#ffffff';
  return (
    <Box component="header" style={{ background, color: ink }} py="sm">
      <Container size="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {operator?.logoUrl ? (
              <Box bg="white" p={4} style={{ borderRadius: 6, flexShrink: 0 }}>
                <Image src={operator.logoUrl} alt="" h={36} w="auto" fit="contain" />
              </Box>
            ) : null}
            <Text fw={700} fz="lg" truncate data-testid="operator-name">
              {operator?.name ?? 'Your quote'}
            </Text>
          </Group>
          <ThemeToggle />
        </Group>
      </Container>
    </Box>
  );
}

function ContactLine({
  operator,
}: {
  operator: { name: string; phone: string | null; email: string | null };
}) {
  return (
    <Text size="sm">
      Please contact {operator.name}
      {operator.phone ? (
        <>
          {' '}
          on <Anchor href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>{operator.phone}</Anchor>
        </>
      ) : null}
      {operator.email ? (
        <>
          {operator.phone ? ' or ' : ' at '}
          <Anchor href={`mailto:${operator.email}`}>{operator.email}</Anchor>
        </>
      ) : null}
      .
    </Text>
  );
}

/** /q/:token: the customer reads the quote and accepts or declines it; no sign-in. */
export function PublicQuotePage() {
  const token = useParams().token ?? '';
  const quote = usePublicQuote(token);
  const operator = quote.data?.operator ?? null;
  usePrivatePageMeta(operator ? `Quote from ${operator.name}` : 'Your quote');
  const invalid = invalidLinkOf(quote.error);

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Header
        operator={
          operator ?? (invalid ? { ...invalid.operator, logoUrl: null, primaryColor: '#1e40af' } : null)
        }
      />
      <Container size="md" py="lg" component="main">
        {quote.isPending ? (
          <Center py={80} aria-busy="true">
            <Loader aria-label="Loading the quote" />
          </Center>
        ) : invalid ? (
          <Card withBorder radius="md" padding="xl" data-testid="quote-invalid">
            <Stack align="center" ta="center" gap="sm">
              <IconLinkOff size={40} aria-hidden="true" color="var(--mantine-color-red-6)" />
              <Title order={1} fz="h3">
                This link cannot be used
              </Title>
              <Text>{invalid.message} A newer quote may have been sent to you.</Text>
              <ContactLine operator={invalid.operator} />
            </Stack>
          </Card>
        ) : quote.isError ? (
          <Alert
            color="red"
            title="The quote could not be loaded"
            icon={<IconAlertTriangle aria-hidden="true" />}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {quote.error instanceof ApiError && quote.error.status === 429
                  ? errorMessage(quote.error, 'Too many attempts. Please try again later.')
                  : 'Please check your connection and try again.'}
              </Text>
              <Button size="xs" variant="light" onClick={() => quote.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <QuotePage token={token} data={quote.data} />
        )}
      </Container>
    </Box>
  );
}

function QuotePage({ token, data }: { token: string; data: PublicQuote }) {
  const { operator, quote } = data;
  const format = useMemo(
    () =>
      createFormatters({ currency: quote.currency, locale: operator.locale, timeZone: operator.timeZone }),
    [quote.currency, operator.locale, operator.timeZone],
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {quote.heading}
          </Text>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }} data-testid="quote-title">
            {quote.title ?? `Quote ${quote.quoteNumber}`}
          </Title>
          <Text size="sm" c="dimmed">
            Quote No. {quote.quoteNumber}
            {data.state === 'open' ? ` · valid until ${format.date(data.expiresAt)}` : ''}
          </Text>
        </div>
        <Button
          component="a"
          href={publicQuotePdfUrl(token)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          data-testid="quote-pdf"
          disabled={data.state === 'updated' || data.state === 'closed'}
        >
          {data.state === 'accepted' ? 'Download signed PDF' : 'Download PDF'}
        </Button>
      </Group>

      <StateBanner data={data} format={format} />
      <QuoteView quote={quote} format={format} />
      {data.state === 'open' ? <AnswerForm token={token} hasTerms={quote.termsHtml !== null} /> : null}

      <Text size="xs" c="dimmed" ta="center" component="footer">
        {[operator.name, operator.address, operator.phone, operator.email, operator.website]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

function StateBanner({ data, format }: { data: PublicQuote; format: ReturnType<typeof createFormatters> }) {
  switch (data.state) {
    case 'accepted':
      return (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden="true" />}
          title="Quote accepted"
          data-testid="quote-state"
          data-state="accepted"
        >
          Accepted by {data.acceptedName} on {format.dateTime(data.acceptedAt)}. Thank you:{' '}
          {data.operator.name} has been told and will be in touch.
        </Alert>
      );
    case 'declined':
      return (
        <Alert
          color="gray"
          variant="light"
          icon={<IconCircleX aria-hidden="true" />}
          title="Quote declined"
          data-testid="quote-state"
          data-state="declined"
        >
          You declined this quote on {format.dateTime(data.declinedAt)}. If you change your mind,{' '}
          <ContactLine operator={data.operator} />
        </Alert>
      );
    case 'updated':
      return (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title="This quote has been updated"
          data-testid="quote-state"
          data-state="updated"
        >
          <Text size="sm">
            {data.operator.name} changed this quote after sending it, so it cannot be accepted here. Ask for
            the new quote link.
          </Text>
          <ContactLine operator={data.operator} />
        </Alert>
      );
    case 'closed':
      return (
        <Alert
          color="gray"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title="This quote is no longer open"
          data-testid="quote-state"
          data-state="closed"
        >
          <ContactLine operator={data.operator} />
        </Alert>
      );
    default:
      return null;
  }
}

/**
 * Accept (typed name, terms, optional signature) or decline (optional reason). Checked here with
 * the rule's own messages and again on the server; no schema library is loaded for two fields, so
 * the page stays a small chunk for a phone on a slow network.
 */
function AnswerForm({ token, hasTerms }: { token: string; hasTerms: boolean }) {
  const accept = useAcceptQuote(token);
  const decline = useDeclineQuote(token);
  const refresh = useRefreshQuote(token);
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; agreeToTerms?: string }>({});
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');

  const failed = (title: string) => (error: unknown) => {
    showToast({ title, message: errorMessage(error, 'Please try again.'), tone: 'error' });
    if (error instanceof ApiError && error.status === 409) void refresh();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    const next: typeof errors = {};
    if (typed.length < 1) next.name = QUOTE_NAME_REQUIRED;
    if (!agree) next.agreeToTerms = QUOTE_TERMS_REQUIRED;
    setErrors(next);
    if (next.name || next.agreeToTerms) return;
    accept.mutate(
      { name: typed, agreeToTerms: true, ...(signature ? { signature } : {}) },
      {
        onSuccess: () =>
          showToast({
            title: 'Quote accepted',
            message: 'Thank you. Your booking is confirmed.',
            tone: 'success',
          }),
        onError: failed('The quote could not be accepted'),
      },
    );
  };

  const sendDecline = () =>
    decline.mutate(
      { reason },
      {
        onSuccess: () =>
          showToast({ title: 'Quote declined', message: 'Thank you for letting us know.', tone: 'info' }),
        onError: failed('The quote could not be declined'),
      },
    );

  if (declining) {
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="decline-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="decline-title">
            Decline this quote?
          </Title>
          <Textarea
            label="Reason (optional)"
            description="It helps us to know why."
            rows={3}
            maxLength={QUOTE_DECLINE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="decline-reason"
            autoFocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)} disabled={decline.isPending}>
              Back to the quote
            </Button>
            <Button
              color="red"
              loading={decline.isPending}
              data-testid="decline-submit"
              onClick={sendDecline}
            >
              Decline quote
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="accept-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3" id="accept-title">
            Accept this quote
          </Title>
          <TextInput
            label="Your full name"
            description="Typing your name signs the acceptance."
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={QUOTE_SIGNER_NAME_MAX_LENGTH}
            data-testid="accept-name"
          />
          <Checkbox
            label={hasTerms ? 'I accept the terms and conditions' : 'I accept this quote and its terms'}
            checked={agree}
            onChange={(e) => setAgree(e.currentTarget.checked)}
            error={errors.agreeToTerms}
            data-testid="accept-terms"
          />
          <SignaturePad onChange={setSignature} disabled={accept.isPending} />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDeclining(true)}
              data-testid="decline-open"
            >
              Decline quote
            </Button>
            <Button type="submit" size="md" loading={accept.isPending} data-testid="accept-submit">
              Accept quote
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
