// The notification messages' sanitizer against hostile markup: what survives is the allow-list
// (b strong i em u br p ul ol li, a[href] to http(s), mailto or this site) and text.
import { describe, expect, it } from "vitest";
import { escapeForMarkup, isSafeHref, isSitePath, messageText, safeMessageHtml } from "./safe-markup.ts";

describe("safeMessageHtml", () => {
  it("keeps the allowed markup and a plain message's line breaks", () => {
    expect(safeMessageHtml("<p><b>Ciao</b> <em>Mario</em></p><ul><li>uno</li><li>due</li></ul>")).toBe(
      "<p><b>Ciao</b> <em>Mario</em></p><ul><li>uno</li><li>due</li></ul>",
    );
    expect(safeMessageHtml("Prima riga\nSeconda riga\r\nTerza")).toBe("Prima riga<br />Seconda riga<br />Terza");
    expect(safeMessageHtml("a < b & c > d")).toBe("a &lt; b &amp; c &gt; d");
    expect(safeMessageHtml("Rossi &amp; figli")).toBe("Rossi &amp; figli");
  });

  it("keeps safe links with rel=noopener noreferrer and nothing else on them", () => {
    expect(safeMessageHtml('<a href="https://example.com/x?a=1&amp;b=2" target="_blank" onclick="x()" rel="opener">sito</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer">sito</a>',
    );
    expect(safeMessageHtml('<a href="/it/stocker/profile/messages">richieste</a>')).toBe(
      '<a href="/it/stocker/profile/messages" rel="noopener noreferrer">richieste</a>',
    );
    expect(safeMessageHtml('<a href="mailto:help@example.com">scrivici</a>')).toBe('<a href="mailto:help@example.com" rel="noopener noreferrer">scrivici</a>');
  });

  it("drops scripts, event handlers, styles, frames and svg", () => {
    const hostile = [
      "<script>alert(1)</script>ok",
      "<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok",
      '<img src=x onerror="alert(1)">ok',
      '<b onmouseover="alert(1)">ok</b>',
      "<style>body{display:none}</style>ok",
      '<p style="background:url(javascript:alert(1))">ok</p>',
      '<iframe src="https://evil.example"></iframe>ok',
      '<svg onload="alert(1)"><script>alert(1)</script></svg>ok',
      "<math><mtext><script>alert(1)</script></mtext></math>ok",
      '<object data="x.swf"></object><embed src="x.swf">ok',
      '<form action="https://evil.example"><input name="p"></form>ok',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">ok',
      '<base href="https://evil.example/">ok',
      "<template><script>alert(1)</script></template>ok",
      "<!--<script>alert(1)</script>-->ok",
      "<![CDATA[<script>alert(1)</script>]]>ok",
    ];
    for (const input of hostile) {
      const out = safeMessageHtml(input);
      expect(out, input).toContain("ok");
      expect(out, input).not.toMatch(/<(script|img|style|iframe|svg|math|object|embed|form|input|meta|base|template|noscript)\b/i);
      expect(out, input).not.toMatch(/\son\w+\s*=|style=|javascript:/i);
    }
  });

  it("turns links to unsafe targets into their text", () => {
    const hostile = [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="//evil.example/">x</a>',
      '<a href="/\\evil.example/">x</a>',
      '<a href="\\\\evil.example/">x</a>',
      '<a href="relative/path">x</a>',
      "<a>x</a>",
    ];
    for (const input of hostile) expect(safeMessageHtml(input), input).toBe("x");
  });

  it("does not let entity tricks or broken tags smuggle markup", () => {
    expect(safeMessageHtml("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(safeMessageHtml("<<script>script>alert(1)<</script>/script>")).not.toMatch(/<script/i);
    expect(safeMessageHtml("<b <script>alert(1)</script>>x</b>")).not.toMatch(/<script/i);
    expect(safeMessageHtml('<a href="https://ok.example" <img src=x onerror=alert(1)>>x</a>')).not.toMatch(/onerror|<img/i);
    expect(safeMessageHtml("<p>unclosed <b>bold")).toBe("<p>unclosed <b>bold</b></p>");
    // The parser's mutation-XSS classic: whatever it makes of it, no element or handler survives.
    expect(safeMessageHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toMatch(/<img|onerror/i);
  });
});

describe("escapeForMarkup", () => {
  it("makes a user's text show as text inside a message", () => {
    const company = '<a href="https://phish.example">Verify your account</a> & co';
    const escaped = escapeForMarkup(company);
    expect(escaped).toBe('&lt;a href="https://phish.example"&gt;Verify your account&lt;/a&gt; &amp; co');
    expect(safeMessageHtml(`Review from ${escaped}`)).not.toContain("<a");
    expect(escapeForMarkup("L'Aquila")).toBe("L'Aquila");
  });
});

describe("link targets", () => {
  it("accepts http(s), mailto and site paths only", () => {
    expect(isSafeHref("https://example.com")).toBe(true);
    expect(isSafeHref("http://example.com/a b")).toBe(false);
    expect(isSafeHref("/it/stocker/profile")).toBe(true);
    expect(isSafeHref("//evil.example")).toBe(false);
    expect(isSitePath("/it/stock-hunter/profile/messages")).toBe(true);
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "", " /x", "/x\ny", 42, null]) {
      expect(isSitePath(bad), String(bad)).toBe(false);
    }
  });
});

describe("messageText", () => {
  it("gives a message's text on one line: blocks become spaces, dropped elements leave nothing, escapes are given back once", () => {
    expect(messageText("<p><b>Ciao</b> Mario</p><ul><li>uno</li><li>due</li></ul>")).toBe("Ciao Mario uno due");
    expect(messageText("Riga uno\nriga due<br>riga tre")).toBe("Riga uno riga due riga tre");
    expect(messageText('Prima<script>alert(1)</script><style>p{}</style> dopo <a href="javascript:x">link</a>')).toBe("Prima dopo link");
    expect(messageText("Daniela ha inviato una segnalazione: «Richiesta non seria» (richiesta n. 0000000003).")).toBe(
      "Daniela ha inviato una segnalazione: «Richiesta non seria» (richiesta n. 0000000003).",
    );
    // Escaped markup stays text, decoded one level only: React escapes it again when it renders.
    expect(messageText('Tom &amp; Jerry &lt;b&gt; &amp;lt;i&amp;gt; "quoted"')).toBe('Tom & Jerry <b> &lt;i&gt; "quoted"');
  });
});
