/**
 * A gallery's lightbox: one image at a time in the shared dialog (dark or light), with
 * Previous / Next buttons, the arrow keys and a horizontal swipe to move, Escape or Close to
 * leave (focus then returns to the image link that opened it).
 */
import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Dialog } from '../dialogs/dialog.js';

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
}

export interface LightboxProps {
  /** The dialog's accessible name (the gallery's). */
  label: string;
  images: LightboxImage[];
  start: number;
  theme: 'dark' | 'light';
  opener: HTMLElement | null;
  /** Called with the image shown last. */
  onClose(index: number): void;
}

/** A swipe moves only when it is mostly horizontal and at least this long (CSS px). */
export const SWIPE_MIN = 40;

export const PREVIOUS_LABEL = 'Previous image';
export const NEXT_LABEL = 'Next image';

export function Lightbox(props: LightboxProps): ReactNode {
  const { images } = props;
  const [index, setIndex] = useState(props.start);
  const indexRef = useRef(index);
  indexRef.current = index;
  const count = images.length;
  const move = (step: number) => setIndex((i) => (i + step + count) % count);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      move(event.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);

  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const t = event.changedTouches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const t = event.changedTouches[0];
    const from = touch.current;
    touch.current = null;
    if (!t || !from) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(t.clientY - from.y)) {
      move(dx < 0 ? 1 : -1);
    }
  };

  const image = images[index]!;
  return (
    <Dialog
      label={props.label}
      opener={props.opener}
      onClose={() => props.onClose(indexRef.current)}
      className={`gallery-lightbox gallery-lightbox--${props.theme}`}
    >
      <figure
        className="gallery-lightbox-figure"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <img className="gallery-lightbox-image" src={image.src} alt={image.alt} />
        <figcaption className="gallery-lightbox-caption">
          <span className="gallery-lightbox-title">{image.title}</span>{' '}
          <span className="gallery-lightbox-position" aria-live="polite">
            {index + 1} / {count}
          </span>
        </figcaption>
      </figure>
      {count > 1 && (
        <div className="gallery-lightbox-nav">
          <button type="button" className="gallery-lightbox-prev" onClick={() => move(-1)}>
            {PREVIOUS_LABEL}
          </button>
          <button type="button" className="gallery-lightbox-next" onClick={() => move(1)}>
            {NEXT_LABEL}
          </button>
        </div>
      )}
    </Dialog>
  );
}
