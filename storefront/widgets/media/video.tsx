/**
 * `video`: a video block loads its player only when the visitor asks. The formatter's wrapper
 * carries the provider's embed HTML (`data-html`); after hydration the wrapper shows a poster
 * button (`Play video: {title}`), and a click puts the embed's iframe in its place, focused.
 * Only an iframe is taken from the embed HTML, with its own address (http or https, resolved
 * as the browser would) and presentational attributes: nothing else of it reaches the page.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormatterComponentProps } from '../../../react-renderer/components/index.js';
import { allowedUrl } from '../../safe-url.js';
import { hasClass, mapMarkup } from '../markup.js';

export const PLAY_VIDEO = 'Play video';

export interface Embed {
  src: string;
  title: string;
  width?: string;
  height?: string;
  allow?: string;
  allowFullScreen: boolean;
}

type Rec = Record<string, unknown>;
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Rec)[key] : undefined;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The iframe of the embed HTML, or undefined when it has none with a usable address: decided
 * on the URL the browser would load (safe-url.ts), which must be http or https.
 */
export function embedOf(html: string, fallbackTitle: string, base: string): Embed | undefined {
  const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe');
  if (frame === null) return undefined;
  const src = allowedUrl(frame.getAttribute('src') ?? '', base);
  if (src === undefined || !/^https?:/.test(src)) return undefined;
  const attr = (name: string) => frame.getAttribute(name) ?? undefined;
  const embed: Embed = {
    src,
    title: attr('title') || fallbackTitle,
    allowFullScreen: frame.hasAttribute('allowfullscreen'),
  };
  for (const name of ['width', 'height', 'allow'] as const) {
    const value = attr(name);
    if (value !== undefined) embed[name] = value;
  }
  return embed;
}

export function VideoBlock(props: FormatterComponentProps): ReactNode {
  const [phase, setPhase] = useState<'server' | 'poster' | 'playing'>('server');
  const frame = useRef<HTMLIFrameElement>(null);
  const node = props.node;
  const title = text(field(node, 'title'));
  const embed =
    phase === 'server'
      ? undefined
      : embedOf(text(field(field(node, 'oembed'), 'html')), title, document.baseURI);
  // The first render is the server's markup; the poster comes once hydrated.
  useEffect(() => setPhase('poster'), []);
  useEffect(() => {
    if (phase === 'playing') frame.current?.focus();
  }, [phase]);
  // The same shape in every phase (markup, then the poster): React keeps the server's nodes.
  if (embed === undefined) return <>{mapMarkup(props.markup, () => undefined)}</>;
  const poster = text(field(node, 'assetUrl'));
  const label = title === '' ? PLAY_VIDEO : `${PLAY_VIDEO}: ${title}`;
  // The server's nodes stay (hidden) until the player replaces them: the poster is a sibling.
  const markup = mapMarkup(props.markup, (_tag, p) => {
    if (!hasClass(p, 'sqs-video-wrapper')) return undefined;
    if (phase === 'poster') return { props: { hidden: true } };
    return {
      props: { 'data-load': 'true' },
      children: (
        <iframe
          ref={frame}
          className="sqs-video-frame"
          src={embed.src}
          title={embed.title}
          width={embed.width}
          height={embed.height}
          allow={embed.allow}
          allowFullScreen={embed.allowFullScreen}
        />
      ),
    };
  });
  return (
    <>
      {markup}
      {phase === 'poster' && (
        <button type="button" className="sqs-video-play" onClick={() => setPhase('playing')}>
          {poster !== '' && <img className="sqs-video-poster" src={poster} alt="" />}
          <span className="sqs-video-play-label">{label}</span>
        </button>
      )}
    </>
  );
}
