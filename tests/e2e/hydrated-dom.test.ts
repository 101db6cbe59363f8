// What the hydration e2e tests let differ between the server's DOM and the hydrated one.
import { describe, expect, it } from 'vitest';
import { withoutHydrationChanges } from './hydrated-dom.js';

describe('withoutHydrationChanges', () => {
  it("takes out a lazy image's src equal to its data-src, and the quick view's aria-haspopup", () => {
    expect(
      withoutHydrationChanges(
        '<img data-src="/a.svg?x=1&amp;y=2" alt="A" src="/a.svg?x=1&amp;y=2">' +
          '<button class="sqs-product-quick-view-button" aria-haspopup="dialog">View</button>',
      ),
    ).toBe(
      '<img data-src="/a.svg?x=1&amp;y=2" alt="A">' +
        '<button class="sqs-product-quick-view-button">View</button>',
    );
  });

  it('keeps every other src and aria-haspopup', () => {
    const kept = [
      '<img src="/logo.svg" alt="Logo">',
      '<img data-src="/a.svg" src="/b.svg">',
      '<script src="/x.js"></script>',
      '<iframe src="/frame"></iframe>',
      '<button aria-haspopup="dialog">Menu</button>',
    ];
    for (const html of kept) expect(withoutHydrationChanges(html)).toBe(html);
  });
});
