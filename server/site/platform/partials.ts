/**
 * The partials a template folder's files apply (`{@|apply name.block}`, a navigation tag's
 * `template`), and what stands in for one the folder does not have: the platform renders
 * partials of its own (`sqs-social-links.block`, `social-links.block`…) that no folder carries,
 * so a name neither in blocks/ nor among the built-in stand-ins (standins.ts) renders as a
 * visible, labelled placeholder and is reported once as a warning (UNKNOWN_PARTIAL) rather than
 * failing the page.
 */
import { blockName, type TagUse } from './tags.js';
import { escapeHtml } from './tag-values.js';

/** A partial applied in a file, where it is applied. */
export interface PartialUse {
  name: string;
  file: string;
  line: number;
  column: number;
}

const APPLY = /\|\s*apply\s+([^\s|}]+)/g;

/** The partials `text` applies, with their locations, and those its navigation tags name. */
export function appliedPartials(text: string, file: string, tags: TagUse[]): PartialUse[] {
  const out: PartialUse[] = [];
  for (const m of text.matchAll(APPLY)) {
    const before = text.slice(0, m.index).split('\n');
    out.push({
      name: m[1]!,
      file,
      line: before.length,
      column: before[before.length - 1]!.length + 1,
    });
  }
  for (const use of tags) {
    const template = use.attrs.template;
    if (template && (use.name === 'navigation' || use.name === 'folder-navigation'))
      out.push({ name: blockName(template), file: use.file, line: use.line, column: use.column });
  }
  return out;
}

/** The template of the placeholder shown where a partial the folder lacks is applied. */
export function missingPartialTemplate(name: string): string {
  const label = escapeHtml(name).replace(/\{/g, '&#123;');
  return (
    `<div class="jsont-stand-in sqs-missing-partial" role="note" data-partial="${label}">` +
    `Platform partial “${label}” renders here on the live site</div>`
  );
}
