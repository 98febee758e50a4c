/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import type { ReactNode } from 'react';
import { type HtmlNode, parseRichText, richTextPlain } from './rich-text-html';

// Stored rich text (terms, driver notes) laid out as PDF paragraphs, lists and headings, keeping bold,
// italic, underline, strike-through, links and the text colours of the editor.

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote']);

const INLINE_STYLE: Record<string, Style> = {
  strong: { fontWeight: 700 },
  b: { fontWeight: 700 },
  em: { fontStyle: 'italic' },
  i: { fontStyle: 'italic' },
  u: { textDecoration: 'underline' },
  s: { textDecoration: 'line-through' },
};

/** Heading sizes relative to the body text, so that terms in small print keep small headings. */
const HEADING_SCALE: Record<string, number> = { h1: 1.45, h2: 1.3, h3: 1.15, h4: 1.05 };

export interface RichTextProps {
  html: string | null | undefined;
  fontSize?: number;
  color?: string;
  linkColor?: string;
  /**
   * Lay the blocks out as siblings of what comes before them on the page (a long text such as the
   * terms), with `before` (its section title) first. react-pdf moves an element to the next page for
   * its `minPresenceAhead` only when something precedes it in the same parent, so a title or heading
   * that is the first child of a wrapper is left alone at a page's foot; as siblings of the page's
   * sections they keep their first clause with them, and the clauses flow from page to page.
   */
  flow?: { before: ReactNode };
}

export function hasRichText(html: string | null | undefined): boolean {
  return Boolean(html && richTextPlain(parseRichText(html)).replace(/\s|\u00a0/g, ''));
}

export function RichText({
  html,
  fontSize = 9,
  color = '#1f2937',
  linkColor = '#1c7ed6',
  flow,
}: RichTextProps) {
  if (!html) return null;
  const nodes = parseRichText(html);
  const textStyle: Style = { fontSize, color, lineHeight: 1.4 };
  if (!flow) {
    return <View style={textStyle}>{renderBlocks(nodes, { fontSize, linkColor }, 'r')}</View>;
  }
  const blocks = renderBlocks(nodes, { fontSize, linkColor }, 'r', true);
  return (
    <>
      {flow.before}
      {blocks.map((block, i) => (
        <View
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are drawn once, in order
          key={i}
          style={textStyle}
          minPresenceAhead={isHeadingElement(block) ? 28 : undefined}
        >
          {block}
        </View>
      ))}
    </>
  );
}

function isHeadingElement(block: ReactNode): boolean {
  return (
    typeof block === 'object' &&
    block !== null &&
    'props' in block &&
    (block.props as { 'data-heading'?: boolean })['data-heading'] === true
  );
}

interface Context {
  fontSize: number;
  linkColor: string;
}

function isBlock(node: HtmlNode): boolean {
  return node.kind === 'element' && BLOCK_TAGS.has(node.tag);
}

/**
 * Lays out block children; runs of loose inline content become a paragraph of their own. At the top
 * level a list's items are laid out as siblings of the paragraphs and headings around them, so that
 * page breaks fall between clauses and a heading keeps its first clause (issue 29: terms flow).
 */
function renderBlocks(nodes: HtmlNode[], ctx: Context, key: string, flat = false): ReactNode[] {
  const out: ReactNode[] = [];
  let inline: HtmlNode[] = [];
  const flush = () => {
    if (inline.some((n) => n.kind === 'element' || n.text.trim())) {
      out.push(
        <Text key={`${key}-${out.length}`} style={{ marginBottom: 4 }}>
          {renderInline(inline, ctx, `${key}-${out.length}`)}
        </Text>,
      );
    }
    inline = [];
  };
  nodes.forEach((node) => {
    if (!isBlock(node)) {
      inline.push(node);
      return;
    }
    flush();
    const element = node as HtmlNode & { kind: 'element' };
    if (flat && (element.tag === 'ul' || element.tag === 'ol')) {
      out.push(...listItems(element, ctx, `${key}-${out.length}`));
      return;
    }
    out.push(renderBlock(element, ctx, `${key}-${out.length}`));
  });
  flush();
  return out;
}

function renderBlock(node: HtmlNode & { kind: 'element' }, ctx: Context, key: string): ReactNode {
  switch (node.tag) {
    case 'ul':
    case 'ol':
      return (
        <View key={key} style={{ marginBottom: 4 }}>
          {listItems(node, ctx, key)}
        </View>
      );
    case 'li':
      return (
        <View key={key} style={{ flexDirection: 'row' }}>
          <Text style={{ width: 14 }}>•</Text>
          <View style={{ flex: 1 }}>{renderListItem(node.children, ctx, key)}</View>
        </View>
      );
    case 'blockquote':
      return (
        <View
          key={key}
          style={{ borderLeftWidth: 2, borderLeftColor: '#cbd5e1', paddingLeft: 6, marginBottom: 4 }}
        >
          {renderBlocks(node.children, ctx, key)}
        </View>
      );
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
      return (
        <Text
          key={key}
          data-heading
          minPresenceAhead={24}
          style={{
            fontWeight: 700,
            fontSize: ctx.fontSize * (HEADING_SCALE[node.tag] ?? 1),
            lineHeight: 1.3,
            marginTop: 4,
            marginBottom: 3,
          }}
        >
          {renderInline(node.children, ctx, key)}
        </Text>
      );
    default:
      return isEmptyParagraph(node) ? (
        <Text key={key} style={{ marginBottom: 4 }}>
          {' '}
        </Text>
      ) : (
        <Text key={key} style={{ marginBottom: 4 }}>
          {renderInline(node.children, ctx, key)}
        </Text>
      );
  }
}

/**
 * A list's items, numbered or bulleted. Pages break between items, never inside one: a clause stays
 * whole beside its number.
 */
function listItems(node: HtmlNode & { kind: 'element' }, ctx: Context, key: string): ReactNode[] {
  const items = node.children.filter((c) => c.kind === 'element' && c.tag === 'li');
  return items.map((item, i) => (
    <View
      key={childKey(key, i)}
      wrap={false}
      style={{ flexDirection: 'row', marginBottom: i === items.length - 1 ? 6 : 2 }}
    >
      <Text style={{ width: 14 }}>{node.tag === 'ol' ? `${i + 1}.` : '•'}</Text>
      <View style={{ flex: 1 }}>
        {renderListItem((item as HtmlNode & { kind: 'element' }).children, ctx, `${key}-${i}`)}
      </View>
    </View>
  ));
}

/** A list item's paragraphs sit tight together. */
function renderListItem(children: HtmlNode[], ctx: Context, key: string): ReactNode[] {
  if (!children.some(isBlock)) return [<Text key={key}>{renderInline(children, ctx, key)}</Text>];
  return children.map((child, i) => {
    const k = childKey(key, i);
    if (child.kind === 'element' && child.tag === 'p')
      return <Text key={k}>{renderInline(child.children, ctx, k)}</Text>;
    if (isBlock(child)) return renderBlock(child as HtmlNode & { kind: 'element' }, ctx, k);
    return <Text key={k}>{renderInline([child], ctx, k)}</Text>;
  });
}

/** The document is drawn once from a fixed tree, so a child's position is a stable key. */
function childKey(parent: string, index: number): string {
  return `${parent}-${index}`;
}

function isEmptyParagraph(node: HtmlNode & { kind: 'element' }): boolean {
  return (
    !richTextPlain(node.children).trim() && !node.children.some((c) => c.kind === 'element' && c.tag === 'br')
  );
}

function renderInline(nodes: HtmlNode[], ctx: Context, key: string): ReactNode[] {
  return nodes.map((node, i) => {
    const k = `${key}.${i}`;
    if (node.kind === 'text') return node.text.replace(/\s+/g, ' ');
    if (node.tag === 'br') return '\n';
    const children = renderInline(node.children, ctx, k);
    if (node.tag === 'a') {
      return (
        <Text key={k} style={{ color: ctx.linkColor, textDecoration: 'underline' }}>
          {children}
        </Text>
      );
    }
    const style: Style = { ...(INLINE_STYLE[node.tag] ?? {}) };
    if (node.color) style.color = node.color;
    return (
      <Text key={k} style={style}>
        {children}
      </Text>
    );
  });
}
