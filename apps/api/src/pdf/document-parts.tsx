/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Image, Path, Svg, Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import type { ReactNode } from 'react';
import type { DocumentTheme } from './document-theme';
import type { PdfLogo } from './pdf-input';

// The pieces both documents share: the branded header, section titles, label/value blocks, the legs
// table and the page footer with its page numbers.

export const PAGE_STYLE: Style = {
  fontFamily: 'NotoSans',
  fontSize: 9,
  color: '#1f2937',
  paddingTop: 0,
  paddingBottom: 64,
  paddingHorizontal: 40,
  // No lineHeight here: react-pdf passes a page-level lineHeight down as points and then loses the
  // fixed footer; text blocks set their own.
};

export interface Company {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  abn: string | null;
  website: string | null;
}

/** A thin band of the primary colour across the top of every page. */
export function TopBand({ theme }: { theme: DocumentTheme }) {
  return (
    <View fixed style={{ marginHorizontal: -40, marginBottom: 22 }}>
      <View style={{ height: 6, backgroundColor: theme.primary }} />
      <View style={{ height: 2, backgroundColor: theme.accent }} />
    </View>
  );
}

const RASTER_FORMATS: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** Whether the logo is drawn as an image (PNG, JPEG) rather than as the company-name word mark. */
export function isDrawnLogo(logo: PdfLogo | null): boolean {
  return Boolean(logo && RASTER_FORMATS[logo.contentType.toLowerCase()]);
}

/**
 * The logo on its chosen background. react-pdf draws PNG and JPEG only, so an SVG or WebP logo (or none)
 * is replaced by the company name set as a word mark on the same background.
 */
export function LogoMark({
  logo,
  background,
  companyName,
  theme,
}: {
  logo: PdfLogo | null;
  background: 'transparent' | 'white' | 'black';
  companyName: string;
  theme: DocumentTheme;
}) {
  const format = logo ? RASTER_FORMATS[logo.contentType.toLowerCase()] : undefined;
  const boxed = background !== 'transparent';
  const box: Style = boxed
    ? {
        backgroundColor: background === 'black' ? '#000000' : '#ffffff',
        borderWidth: background === 'white' ? 0.75 : 0,
        borderColor: theme.rule,
        borderRadius: 4,
        padding: 6,
      }
    : {};
  if (logo && format) {
    return (
      <View style={{ ...box, alignSelf: 'flex-start', marginBottom: 6 }}>
        <Image
          src={{ data: logo.bytes, format }}
          style={{ maxHeight: 46, maxWidth: 170, objectFit: 'contain' }}
        />
      </View>
    );
  }
  return (
    <View style={{ ...box, alignSelf: 'flex-start', marginBottom: 4 }}>
      <Text
        style={{
          fontSize: 17,
          lineHeight: 1.2,
          fontWeight: 700,
          color: background === 'black' ? '#ffffff' : theme.primary,
          letterSpacing: 0.3,
        }}
      >
        {companyName}
      </Text>
    </View>
  );
}

/** Company details under the logo: address, then phone · email, then ABN · website. */
export function CompanyDetails({
  company,
  theme,
  showName,
}: {
  company: Company;
  theme: DocumentTheme;
  showName: boolean;
}) {
  const contact = [company.phone, company.email];
  const legal = [company.abn ? `ABN ${company.abn}` : null, company.website];
  return (
    <View style={{ color: theme.muted, fontSize: 8.5 }}>
      {showName ? (
        <Text style={{ color: theme.text, fontWeight: 700, fontSize: 10 }}>{company.name}</Text>
      ) : null}
      {company.address ? <Text>{company.address}</Text> : null}
      <DetailsLine parts={contact} separator="   ·   " />
      <DetailsLine parts={legal} separator="   ·   " />
    </View>
  );
}

/**
 * Details in a line ('(02) 9555 0142 · bookings@…'), wrapping between details and never inside one:
 * react-pdf would otherwise break at the separator and hyphenate it ('·-'). Nothing when all are empty.
 */
export function DetailsLine({ parts, separator }: { parts: (string | null)[]; separator: string }) {
  const shown = parts.filter((part): part is string => Boolean(part));
  if (shown.length === 0) return null;
  return (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      {shown.map((part, i) => (
        <Text key={part}>{i < shown.length - 1 ? `${part}${separator}` : part}</Text>
      ))}
    </View>
  );
}

/** The top of both documents: the band, the logo with the company's details, and the title block. */
export function DocumentHeader({
  logo,
  logoBackground,
  company,
  theme,
  title,
  rows,
}: {
  logo: PdfLogo | null;
  logoBackground: 'transparent' | 'white' | 'black';
  company: Company;
  theme: DocumentTheme;
  title: string;
  rows: { label: string; value: string }[];
}) {
  return (
    <>
      <TopBand theme={theme} />
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 14 }}>
        <View style={{ flex: 1, paddingRight: 16 }}>
          <LogoMark logo={logo} background={logoBackground} companyName={company.name} theme={theme} />
          <CompanyDetails company={company} theme={theme} showName={isDrawnLogo(logo)} />
        </View>
        <TitleBlock title={title} theme={theme} rows={rows} />
      </View>
    </>
  );
}

/** The document's title block on the right of the header. */
export function TitleBlock({
  title,
  rows,
  theme,
}: {
  title: string;
  rows: { label: string; value: string }[];
  theme: DocumentTheme;
}) {
  return (
    <View style={{ alignItems: 'flex-end', minWidth: 170 }}>
      <Text
        style={{
          fontSize: 22,
          lineHeight: 1.15,
          fontWeight: 700,
          color: theme.primary,
          letterSpacing: 1.5,
          marginBottom: 6,
        }}
      >
        {title}
      </Text>
      {rows.map((r) => (
        <View key={r.label} style={{ flexDirection: 'row', marginBottom: 1.5 }}>
          <Text style={{ color: theme.muted, width: 70, textAlign: 'right', marginRight: 8 }}>{r.label}</Text>
          <Text style={{ fontWeight: 700, minWidth: 80, textAlign: 'right' }}>{r.value}</Text>
        </View>
      ))}
    </View>
  );
}

export function SectionTitle({
  children,
  theme,
  keepWithNext = 70,
}: {
  children: ReactNode;
  theme: DocumentTheme;
  /** Points of what follows that must fit under the title on its page, or the title moves on. */
  keepWithNext?: number;
}) {
  return (
    <View
      minPresenceAhead={keepWithNext}
      style={{
        borderBottomWidth: 1,
        borderBottomColor: theme.primary,
        paddingBottom: 2,
        marginTop: 12,
        marginBottom: 6,
      }}
    >
      <Text style={{ fontSize: 9, fontWeight: 700, color: theme.primary, letterSpacing: 1.2 }}>
        {String(children).toUpperCase()}
      </Text>
    </View>
  );
}

/** Label above value, in a card of its own (customer, service). */
export function InfoCard({
  title,
  rows,
  theme,
}: {
  title: string;
  rows: { label: string; value: string | null | undefined }[];
  theme: DocumentTheme;
}) {
  const shown = rows.filter((r) => r.value);
  return (
    <View
      wrap={false}
      style={{
        flex: 1,
        backgroundColor: theme.primaryTint,
        borderRadius: 4,
        paddingVertical: 7,
        paddingHorizontal: 10,
        borderLeftWidth: 3,
        borderLeftColor: theme.primary,
      }}
    >
      <Text
        style={{ fontSize: 8, fontWeight: 700, color: theme.primary, letterSpacing: 1.2, marginBottom: 4 }}
      >
        {title.toUpperCase()}
      </Text>
      {shown.length === 0 ? <Text style={{ color: theme.muted }}>—</Text> : null}
      {shown.map((r) => (
        <View key={r.label} style={{ flexDirection: 'row', marginBottom: 1 }}>
          <Text style={{ width: 56, color: theme.muted }}>{r.label}</Text>
          <View style={{ flex: 1 }}>
            <BreakableText style={{ fontWeight: r.label === shown[0]?.label ? 700 : 400 }}>
              {r.value ?? ''}
            </BreakableText>
          </View>
        </View>
      ))}
    </View>
  );
}

// react-pdf breaks lines at spaces only: an e-mail or web address wider than its column runs out of
// it (issue 29: the contact e-mail was cut off at the card's edge).
const LONG_WORD = 24;

/**
 * Text whose long words (e-mail and web addresses) may break after '@', '.', '/' or '-' when they do
 * not fit: each such word is laid out as pieces in a wrapping row. Text without long words is one
 * ordinary Text.
 */
export function BreakableText({ children, style }: { children: string; style?: Style }) {
  if (!children.split(/\s+/).some((w) => w.length > LONG_WORD)) return <Text style={style}>{children}</Text>;
  // Each piece ends at a break point and keeps the spaces after it.
  const pieces = children.match(/[^@./\-\s]*[@./-]?\s*/g)?.filter(Boolean) ?? [children];
  return (
    <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are fixed and never reordered
        <Text key={i} style={style}>
          {piece}
        </Text>
      ))}
    </View>
  );
}

export interface TableColumn<T> {
  header: string;
  width: number | string;
  align?: 'left' | 'right' | 'center';
  cell: (row: T, index: number) => ReactNode;
}

/** A simple ruled table whose header repeats on each page it spans. */
export function Table<T>({
  columns,
  rows,
  theme,
  below,
}: {
  columns: TableColumn<T>[];
  rows: T[];
  theme: DocumentTheme;
  /** A full-width line under a row (notes), or null. */
  below?: (row: T) => ReactNode | null;
}) {
  return (
    <View>
      <View
        fixed
        style={{
          flexDirection: 'row',
          backgroundColor: theme.primary,
          color: '#ffffff',
          borderRadius: 2,
          paddingVertical: 4,
        }}
      >
        {columns.map((c) => (
          <Text
            key={c.header}
            style={{
              width: c.width,
              paddingHorizontal: 5,
              fontSize: 8,
              fontWeight: 700,
              textAlign: c.align ?? 'left',
            }}
          >
            {c.header}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => {
        const extra = below?.(row) ?? null;
        return (
          <View
            key={rowKey(i)}
            wrap={false}
            style={{
              borderBottomWidth: 0.5,
              borderBottomColor: theme.rule,
              paddingVertical: 4,
              backgroundColor: i % 2 ? '#fafafa' : '#ffffff',
            }}
          >
            <View style={{ flexDirection: 'row' }}>
              {columns.map((c) => (
                <View key={c.header} style={{ width: c.width, paddingHorizontal: 5 }}>
                  {wrapText(c.cell(row, i), c.align)}
                </View>
              ))}
            </View>
            {extra ? <View style={{ paddingHorizontal: 5, marginTop: 2 }}>{extra}</View> : null}
          </View>
        );
      })}
    </View>
  );
}

/** Rows are drawn once and never reordered, so their position is a stable key. */
function rowKey(index: number): string {
  return `row-${index}`;
}

function wrapText(content: ReactNode, align: TableColumn<unknown>['align']): ReactNode {
  return typeof content === 'string' || typeof content === 'number' ? (
    <Text style={{ textAlign: align ?? 'left' }}>{content}</Text>
  ) : (
    content
  );
}

/** The footer of every page: an optional message, the company line and 'Page n of m'. */
export function PageFooter({
  message,
  messageStyle,
  company,
  theme,
}: {
  message: string | null;
  messageStyle: 'loyalty' | 'plain';
  company: Company;
  theme: DocumentTheme;
}) {
  const parts = [company.name, company.phone, company.email, company.website].filter((part): part is string =>
    Boolean(part),
  );
  return (
    <View fixed style={{ position: 'absolute', left: 40, right: 40, bottom: 22 }}>
      {message ? (
        <View
          style={
            messageStyle === 'loyalty'
              ? {
                  backgroundColor: theme.accentTint,
                  borderRadius: 3,
                  paddingVertical: 4,
                  paddingHorizontal: 8,
                  marginBottom: 5,
                }
              : { marginBottom: 5 }
          }
        >
          <Text
            style={{
              fontSize: 8,
              textAlign: 'center',
              color: messageStyle === 'loyalty' ? theme.accent : theme.secondary,
              fontWeight: messageStyle === 'loyalty' ? 700 : 400,
            }}
          >
            {message}
          </Text>
        </View>
      ) : null}
      <View
        style={{
          flexDirection: 'row',
          borderTopWidth: 0.5,
          borderTopColor: theme.rule,
          paddingTop: 4,
          fontSize: 7.5,
          color: theme.muted,
        }}
      >
        {/* The page number is drawn after layout, so it gets a column of its own that the company
            line wraps short of (issue 29: a long web address ran under "Page 1 of 2"). */}
        {/* The company's details wrap between details, never inside one (an address broken by a
            hyphen reads wrong), in a column short of the page number. */}
        <View style={{ flex: 1, paddingRight: 12 }}>
          <DetailsLine parts={parts} separator="  ·  " />
        </View>
        <Text
          style={{ width: 62, flexShrink: 0, textAlign: 'right' }}
          render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
        />
      </View>
    </View>
  );
}

/**
 * A right arrow drawn as a vector: Noto Sans has no arrow glyphs, and a document must not depend on
 * which symbol font a reader has.
 */
export function Arrow({ color, width = 11 }: { color: string; width?: number }) {
  return (
    <Svg width={width} height={7} viewBox="0 0 11 7">
      <Path d="M0.5 3.5 H9.5 M6.5 0.8 L9.6 3.5 L6.5 6.2" stroke={color} strokeWidth={1.2} fill="none" />
    </Svg>
  );
}

/** 'from → to' on one line, each side wrapping in its own column. */
export function Route({ from, to, theme }: { from: string; to: string; theme: DocumentTheme }) {
  return (
    <View style={{ flexDirection: 'row' }}>
      <Text style={{ flex: 1 }}>{from}</Text>
      <View style={{ width: 20, alignItems: 'center', paddingTop: 3 }}>
        <Arrow color={theme.accent} />
      </View>
      <Text style={{ flex: 1 }}>{to}</Text>
    </View>
  );
}

export function Muted({
  children,
  theme,
  size = 8,
}: {
  children: ReactNode;
  theme: DocumentTheme;
  size?: number;
}) {
  return <Text style={{ color: theme.muted, fontSize: size }}>{children}</Text>;
}
