// A notification's message "may contain markup" (the spec): it is rendered as HTML, so it goes
// through this sanitizer first, on the server, with a tight allow-list. Everything outside the
// list is dropped (script, style, iframe, svg… with their content; other tags keep their text),
// attributes other than a link's href are dropped, and a link survives only with an http(s) or
// mailto address or a same-site path ("/…"). sanitize-html (htmlparser2) decodes entities
// before the checks, so "&#106;avascript:" is judged as "javascript:".
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = ["b", "strong", "i", "em", "u", "br", "p", "ul", "ol", "li", "a"];

// Elements whose content is never text worth keeping: dropped whole, not unwrapped.
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "iframe",
  "object",
  "embed",
  "template",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "svg",
  "math",
  "select",
];

/**
 * A link target we let through: http(s) and mailto, or a path on this site. "//host" and "/\host"
 * are other sites to a browser (which reads "\" as "/"), so a path must not start that way.
 */
export function isSafeHref(href: string): boolean {
  if (/^(https?:\/\/|mailto:)/i.test(href)) return !/[\s\\]/.test(href.replace(/^mailto:/i, ""));
  return /^\/(?![/\\])/.test(href) && !/[\s\\]/.test(href);
}

/** A same-site path a page may link to (notification data.url): "/…", never "//host" or "/\host". */
export function isSitePath(url: unknown): url is string {
  // eslint-disable-next-line no-control-regex -- a control character in a path is what it refuses
  return typeof url === "string" && url.length <= 2000 && /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url) && !/[\u0000-\u001f\u007f]/.test(url);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // rel is written by the transform below, never taken from the input (the transform runs first).
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  nestingLimit: 20,
  transformTags: {
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? "").trim();
      // An unsafe or missing target: the link becomes its text (span is not allowed, so it is unwrapped).
      if (!isSafeHref(href)) return { tagName: "span", attribs: {} };
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer" } };
    },
  },
};

// A message written with its own paragraphs or lists keeps its layout; a plain one keeps its line breaks.
const HAS_BLOCKS = /<\s*(p|br|ul|ol|li)\b/i;

/**
 * A stored message as safe HTML. Plain text (our own messages) keeps its line breaks as <br>;
 * markup keeps only the allowed elements.
 */
export function safeMessageHtml(message: string): string {
  const text = HAS_BLOCKS.test(message) ? message : message.replace(/\r\n?|\n/g, "<br>");
  return sanitizeHtml(text, OPTIONS).trim();
}

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
};
const ESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * A stored message as one line of plain text (the list's preview, rendered as text by React):
 * the sanitizer's text with its paragraphs, items and breaks as spaces, and the characters it
 * escapes given back, once.
 */
export function messageText(message: string): string {
  const spaced = message.replace(/<\s*\/?\s*(p|br|li|ul|ol)\b[^>]*>/gi, " ");
  return sanitizeHtml(spaced, TEXT_ONLY)
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ESCAPED[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A value written into a message (a company, a warehouse's name, a subject): escaped, so what a
 * user typed is shown as text and never becomes markup (a link, a list) in someone else's
 * notification. Only the characters that make markup are escaped; quotes stay readable.
 */
export function escapeForMarkup(value: string): string {
  return value.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}
