/**
 * What each route of the demo store (fixtures/site) must show: `html` snippets for the
 * server-side test (tests/server/site-server.test.ts) and a `visible` text for Chromium.
 */
export interface RouteExpectation {
  /** Substrings of the served HTML. */
  html: string[];
  /** Text a visitor sees in the page's main region. */
  visible: string;
}

const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'currency',
  'radio',
  'checkbox',
  'select',
  'likert',
];

export const DEMO_ROUTES: Record<string, RouteExpectation> = {
  '/': {
    html: ['Goods for slow mornings', 'Studio favourites', 'Linen Work Apron', 'class="cart-pill'],
    visible: 'Studio favourites',
  },
  '/shop': {
    html: [
      '<h1>Shop</h1>',
      'product-mark sale',
      'product-mark sold-out',
      'sqs-product-quick-view-button',
      'data-view="grid"',
    ],
    visible: 'Walnut Serving Board',
  },
  '/shop?view=list': {
    html: ['data-view="list"', 'product-row', 'prices vary'],
    visible: 'prices vary',
  },
  '/shop/p/linen-work-apron': {
    html: [
      'Linen Work Apron',
      'product-variants',
      'product-quantity-input',
      'sqs-add-to-cart-button',
      'Only 3 left in stock',
    ],
    visible: 'Add To Cart',
  },
  '/shop/p/stoneware-mug-set': {
    html: ['Back in January', 'product-restock-notification'],
    visible: 'Get an email when this is back in stock.',
  },
  '/shop/p/botanical-print-pack': {
    html: ['Digital download', 'data-product-type="2"'],
    visible: 'Digital download',
  },
  '/shop/p/wheel-throwing-workshop': {
    html: ['Book a Seat', 'Only 2 seats left', 'data-product-type="3"', 'use-form', 'data-form='],
    visible: 'Book a Seat',
  },
  '/shop/p/gift-card': {
    html: ['Gift card', 'data-product-type="4"', '$150'],
    visible: 'choose a denomination',
  },
  '/shop/p/coffee-subscription': {
    html: ['every month', 'data-is-subscription="true"', 'Subscribe'],
    visible: 'every month',
  },
  '/shop/p/seasonal-tea-box': {
    html: ['every 3 months for 1 year'],
    visible: 'every 3 months for 1 year',
  },
  '/shop/p/beeswax-taper-candles': {
    html: ['original-price', 'product-mark sale'],
    visible: 'Beeswax Taper Candles',
  },
  '/shop/p/walnut-serving-board': {
    html: ['from <span class="sqs-money-native">65.00</span>'],
    visible: 'Walnut Serving Board',
  },
  '/cart': {
    html: ['id="sqs-cart-root"', 'You have nothing in your shopping cart.'],
    visible: 'You have nothing in your shopping cart.',
  },
  '/checkout': {
    html: ['class="checkout-page"', '<h1>Checkout</h1>'],
    visible: 'Checkout',
  },
  '/checkout/subscription': {
    html: ['subscription-checkout', '<h1>Subscription checkout</h1>'],
    visible: 'Your subscription is ready for checkout.',
  },
  '/gift-card': {
    html: ['gift-card-checkout', 'data-sku="JP-GC-150"'],
    visible: 'Your gift card is ready for checkout.',
  },
  '/contact': {
    html: [
      'data-jsont-form=',
      ...FIELD_TYPES.map((t) => `data-field-type="${t}"`),
      'form-section',
      'type="hidden"',
    ],
    visible: 'How was your last order?',
  },
  '/journal': {
    html: ['Glazing with Wood Ash', 'sqs-comment-link', 'sqs-simple-like'],
    visible: 'A Visit to Our Coffee Roaster',
  },
  '/journal/glazing-with-wood-ash': {
    html: [
      '2 comments',
      'Do you wash the ash first?',
      'squarespace-social-buttons',
      'squarespace-comments',
    ],
    visible: 'Do you wash the ash first?',
  },
  '/journal/a-visit-to-our-coffee-roaster': {
    html: ['1 comment', 'Just brewed mine.'],
    visible: 'A Visit to Our Coffee Roaster',
  },
  '/journal/caring-for-linen': {
    html: ['How to Care for Linen', 'Comments are closed.'],
    visible: 'Comments are closed.',
  },
  '/gallery': {
    html: ['gallery--grid', 'The studio at dawn', 'data-color-center='],
    visible: 'Unloading the kiln',
  },
  '/events': {
    html: [
      'Winter Makers Market',
      'http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Winter%20Makers%20Market',
    ],
    visible: 'Add to Google Calendar',
  },
  '/search': { html: ['search-hint'], visible: 'Type a word such as' },
  '/search?q=linen': {
    html: ['3 results for', 'How to Care for Linen'],
    visible: '3 results for',
  },
};
