import { describe, expect, it } from 'vitest';
import { parseWordList } from '../../config';
import { mentionCandidates, renderMarkdown } from './markdown';

/**
 * Vectors of OWASP's XSS filter evasion cheat sheet, as raw HTML and as markdown links, plus
 * markdown's own ways in (link and autolink targets, reference definitions, code).
 */
const VECTORS = [
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  'javascript:/*--></title></style></textarea></script></xmp><svg/onload=\'+/"/+/onmouseover=1/+/[*/[]/+alert(1)//\'>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=alert(\'XSS\')>',
  '<BGSOUND SRC="javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](  javascript:alert(1))',
  '[click](jav\tascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](<javascript:alert(1)>)',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '![image](javascript:alert(1))',
  '![image](https://example.com/x.png" onerror="alert(1))',
  '[link](https://example.com "title" onclick="alert(1)")',
  '[a](https://example.com"onmouseover="alert(1))',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '* <a href=javascript:alert(1)>x</a>',
  '<div style="color:red">styled</div>',
  '**<span style="x">bold</span>**',
  '<math><mi xlink:href="data:x,<script>alert(4)</script>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

/** URL attributes a tag could load or run something from. */
const URL_ATTRIBUTES = /^(href|src|action|data|background|dynsrc|lowsrc|formaction|xlink:href|poster)$/i;

/**
 * What no rendered post may hold, read from its real tags only (escaped text such as
 * `&lt;img onerror=...&gt;` is harmless text): scripts, tags outside the allowlist, event
 * handlers, style attributes, and URLs other than web, mail and the site's own paths.
 */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)) {
    const name = (tag[1] as string).toLowerCase();
    if (!['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'h5', 'hr'].includes(name)) found.push(`tag ${name}`);
    for (const attr of (tag[2] as string).matchAll(/([^\s=]+)\s*=\s*"([^"]*)"/g)) {
      const key = (attr[1] as string).toLowerCase();
      const value = (attr[2] as string).replace(/&#x?[0-9a-f]+;?/gi, '').replace(/\s+/g, '').toLowerCase();
      if (key.startsWith('on')) found.push(`event handler ${key}`);
      if (key === 'style') found.push('style attribute');
      if (URL_ATTRIBUTES.test(key) && !/^(https?:|mailto:|\/[^/])/.test(value)) found.push(`url ${value.slice(0, 24)}`);
    }
  }
  if (/<script/i.test(html)) found.push('script tag');
  return found;
}

describe('forum markdown', () => {
  it(`leaves no script, event handler, style attribute, javascript: or data: URL from ${VECTORS.length} filter evasion vectors`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
    const broken = VECTORS.flatMap((vector) => {
      const { html } = renderMarkdown(vector);
      const found = dangers(html);
      return found.length ? [`${vector.slice(0, 50)} -> ${html.slice(0, 120)}: ${found.join(', ')}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('shows raw HTML as text', () => {
    expect(renderMarkdown('<b>bold</b> & <i>it</i>').html).toBe('<p>&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;it&lt;/i&gt;</p>');
  });

  it('renders emphasis, lists, quotes, code and headings as h3-h5, without markdown images', () => {
    const { html } = renderMarkdown('# One\n## Two\n### Three\n#### Four\n\n*em* **strong** ~~gone~~\n\n- a\n- b\n\n3. c\n\n> quote\n\n`code`\n\n![alt](https://example.com/a.png)');
    expect(html).toContain('<h3>One</h3>');
    expect(html).toContain('<h4>Two</h4>');
    expect(html).toContain('<h5>Three</h5>');
    expect(html).toContain('<h5>Four</h5>');
    expect(html).toContain('<em>em</em> <strong>strong</strong> <s>gone</s>');
    expect(html).toContain('<ul>\n<li>a</li>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>code</code>');
    expect(html).not.toContain('<img');
  });

  it('links http, https and mailto only, each with rel="nofollow ugc noopener", and counts them', () => {
    const { html, links } = renderMarkdown('[a](https://a.example) [b](http://b.example) <mailto:ink@c.example> www.example.com [e](ftp://e.example) [f](/relative)');
    expect(html.match(/rel="nofollow ugc noopener"/g)).toHaveLength(4);
    expect(html).not.toContain('href="ftp:');
    expect(html).not.toContain('href="/relative"');
    expect(links).toBe(4);
  });

  it('links the mentions of users that exist, not counting them as links', () => {
    const known = new Map([['lena-ink', 'Lena Ink'], ['nadelwerk', 'Nadelwerk']]);
    const { html, links, mentioned } = renderMarkdown('Ask @Lena-Ink or @nadelwerk, not @nobody; mail ink@example.com; `@Lena-Ink` in code', known);
    expect(html).toContain('<a href="/Lena-Ink" class="mention" rel="nofollow ugc noopener">@Lena-Ink</a>');
    expect(html).toContain('<a href="/Nadelwerk" class="mention" rel="nofollow ugc noopener">@nadelwerk</a>');
    expect(html).toContain('@nobody');
    expect(html).toContain('<code>@Lena-Ink</code>');
    expect(mentioned.sort()).toEqual(['lena-ink', 'nadelwerk']);
    expect(links).toBe(1);
    expect(mentionCandidates('hi @Lena-Ink and @Ünal_')).toEqual(['lena-ink', 'ünal']);
  });

  it('links the mentions inside a quote but addresses only those outside it', () => {
    const known = new Map([['lena-ink', 'Lena Ink'], ['nadelwerk', 'Nadelwerk'], ['ben', 'Ben']]);
    // The editor's quote: the quoted author's name as its header, their words (with their own mention) below.
    const body = '> **@Lena-Ink**\n> Ask @nadelwerk about it\n>\n> > older @ben words\n\nThanks! @nadelwerk, what do you think?';
    const { html, mentioned, addressed } = renderMarkdown(body, known);
    expect(html).toContain('<blockquote>\n<p><strong><a href="/Lena-Ink" class="mention" rel="nofollow ugc noopener">@Lena-Ink</a></strong>');
    expect(html).toContain('<a href="/Ben" class="mention" rel="nofollow ugc noopener">@ben</a>');
    expect(mentioned.sort()).toEqual(['ben', 'lena-ink', 'nadelwerk']);
    expect(addressed).toEqual(['nadelwerk']);
    expect(renderMarkdown('> @ben said so', known).addressed).toEqual([]);
  });
});

describe('FORUM_HELD_WORDS', () => {
  it('takes a comma list of 2-60 character words and refuses anything else at start', () => {
    expect(parseWordList(undefined)).toEqual([]);
    expect(parseWordList(' casino bonus , replica,,')).toEqual(['casino bonus', 'replica']);
    expect(parseWordList('a,ok')).toBeInstanceOf(Error);
    expect(parseWordList('<script>')).toBeInstanceOf(Error);
  });
});
