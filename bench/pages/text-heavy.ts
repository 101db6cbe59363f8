/**
 * Text-heavy templates for the compile benchmark, in the shapes of real site templates: long runs
 * of HTML with inline `<svg>` icons, `<style>` rules and `<script>` blocks (JavaScript objects,
 * JSON-LD) between the tags, so that most braces in the source are not tags. Generated from a
 * description (size and tag count): chunks of markup, SVG, CSS and script cycle between tag
 * groups until the source reaches its size.
 */

/** Filler chunks, each about 300–600 characters; the CSS and script ones are full of braces. */
const CHUNKS: readonly string[] = [
  `<div class="sqs-block html-block sqs-block-html" data-block-type="2">
  <div class="sqs-block-content"><p class="sqsrte-large" style="white-space:pre-wrap;">Handmade in small batches from materials we choose ourselves, shipped in recycled packaging.</p></div></div>
`,
  `<svg class="icon icon--cart" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
  <path d="M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0 0 20 4H5.21l-.94-2H1z"/>
</svg>
`,
  `<style>
  .header-nav-item { display: inline-block; margin: 0 1rem; }
  .header-nav-item--active a { border-bottom: 2px solid currentColor; }
  @media (max-width: 767px) { .header-nav { display: none; } .header-burger { display: flex; } }
  .sqs-block-button-element--small { padding: .5em 1em; font-size: .8rem; }
</style>
`,
  `<script>
  window.Static = window.Static || {}; Static.SQUARESPACE_CONTEXT = { "website": { "id": "5f1", "locale": "en-US" }, "showAnnouncementBar": false };
  document.addEventListener('DOMContentLoaded', function () { var el = document.querySelector('.header'); if (el) { el.classList.add('ready'); } });
</script>
`,
  `<script type="application/ld+json">{"@context":"http://schema.org","@type":"Organization","name":"Example","url":"https://example.com","logo":{"@type":"ImageObject","url":"https://images.example.com/logo.png"},"sameAs":["https://instagram.com/example"]}</script>
`,
];

/** Tag groups, cycled; each has the given number of tags (instructions and variables). */
const GROUPS: readonly [number, string][] = [
  [1, `<h2 class="title">{title|html}</h2>\n`],
  [3, `{.section subtitle}<p class="subtitle">{@|html}</p>{.end}\n`],
  [1, `<a href="{fullUrl|htmlattr}" class="link">more</a>\n`],
  [
    5,
    `{.repeated section items}<li class="item{.odd?} odd{.end}"><a href="{fullUrl}">{title|html}</a></li>{.end}\n`,
  ],
  [1, `<img src="{assetUrl}?format=750w" alt="">\n`],
];

/** A template of about `bytes` characters with about `tags` tags spread evenly through it. */
export function textHeavyTemplate(bytes: number, tags: number): string {
  const groups: string[] = [];
  let count = 0;
  for (let g = 0; count < tags; g++) {
    const [n, text] = GROUPS[g % GROUPS.length]!;
    groups.push(text);
    count += n;
  }
  const tagChars = groups.reduce((sum, g) => sum + g.length, 0);
  const fillerPerGroup = Math.max(0, (bytes - tagChars) / groups.length);
  const parts: string[] = [];
  let chunk = 0;
  // Filler owed so far: where groups are denser than the chunks, only some are preceded by one.
  let owed = 0;
  for (const group of groups) {
    owed += fillerPerGroup;
    while (owed > 0) {
      const c = CHUNKS[chunk++ % CHUNKS.length]!;
      if (owed < c.length / 2) break;
      parts.push(c);
      owed -= c.length;
    }
    parts.push(group);
  }
  return parts.join('');
}

/** The shapes of issue-sized public templates: name, size and tag count. */
export function textHeavyTemplates(): { name: string; source: string }[] {
  const shapes: [string, number, number][] = [
    ['layout region, 57 KB, 57 tags', 57_000, 57],
    ['region, 18 KB, 10 tags', 18_000, 10],
    ['item page, 26 KB, 363 tags', 26_000, 363],
    ['list page, 23 KB, 712 tags', 23_000, 712],
    ['gallery list, 17 KB, 165 tags', 17_000, 165],
  ];
  return shapes.map(([name, bytes, tags]) => ({ name, source: textHeavyTemplate(bytes, tags) }));
}
