/**
 * What each route of the demo store (fixtures/site) must show: `html` snippets for the
 * server-side test (tests/server/site-server.test.ts) and a `visible` text for Chromium.
 */
export interface RouteExpectation {
  /** Substrings of the served HTML. */
  html: string[];
  /** Text a visitor sees in the page's main region. */
  visible: string;
  /** The page's title (from its item, page or collection data, then the site's name). */
  title: string;
}

const SITE_NAME = 'Juniper & Pine';

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
    title: `Home · ${SITE_NAME}`,
    html: ['Goods for slow mornings', 'Studio favourites', 'Linen Work Apron', 'class="cart-pill'],
    visible: 'Studio favourites',
  },
  '/shop': {
    title: `Shop · ${SITE_NAME}`,
    html: [
      '<h1>Shop</h1>',
      'product-mark sale',
      'product-mark sold-out',
      'sqs-product-quick-view-button',
      'data-view="grid"',
    ],
    visible: 'Walnut Serving Board',
  },
  '/shop?category=Kitchen': {
    title: `Kitchen · Shop · ${SITE_NAME}`,
    html: ['3 items in Kitchen', 'aria-current="page">Kitchen</a>', 'Walnut Serving Board'],
    visible: 'Stoneware Mug Set of 4',
  },
  '/shop?view=list': {
    title: `Shop · ${SITE_NAME}`,
    html: ['data-view="list"', 'product-row', 'prices vary'],
    visible: 'prices vary',
  },
  '/shop/p/linen-work-apron': {
    title: `Linen Work Apron · ${SITE_NAME}`,
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
    title: `Stoneware Mug Set of 4 · ${SITE_NAME}`,
    html: ['Back in January', 'product-restock-notification'],
    visible: 'Get an email when this is back in stock.',
  },
  '/shop/p/botanical-print-pack': {
    title: `Botanical Print Pack (Digital) · ${SITE_NAME}`,
    html: ['Digital download', 'data-product-type="2"'],
    visible: 'Digital download',
  },
  '/shop/p/wheel-throwing-workshop': {
    title: `Wheel Throwing Workshop · ${SITE_NAME}`,
    html: ['Book a Seat', 'Only 2 seats left', 'data-product-type="3"', 'use-form', 'data-form='],
    visible: 'Book a Seat',
  },
  '/shop/p/gift-card': {
    title: `Juniper & Pine Gift Card · ${SITE_NAME}`,
    html: ['Gift card', 'data-product-type="4"', '$150'],
    visible: 'choose a denomination',
  },
  '/shop/p/coffee-subscription': {
    title: `Roaster's Choice Coffee Subscription · ${SITE_NAME}`,
    html: ['every month', 'data-is-subscription="true"', 'Subscribe'],
    visible: 'every month',
  },
  '/shop/p/seasonal-tea-box': {
    title: `Seasonal Tea Box · ${SITE_NAME}`,
    html: ['every 3 months for 1 year'],
    visible: 'every 3 months for 1 year',
  },
  '/shop/p/beeswax-taper-candles': {
    title: `Beeswax Taper Candles · ${SITE_NAME}`,
    html: ['original-price', 'product-mark sale'],
    visible: 'Beeswax Taper Candles',
  },
  '/shop/p/walnut-serving-board': {
    title: `Walnut Serving Board · ${SITE_NAME}`,
    html: ['from <span class="sqs-money-native">65.00</span>'],
    visible: 'Walnut Serving Board',
  },
  '/cart': {
    title: `Cart · ${SITE_NAME}`,
    html: ['id="sqs-cart-root"', 'You have nothing in your shopping cart.'],
    visible: 'You have nothing in your shopping cart.',
  },
  '/checkout': {
    title: `Checkout · ${SITE_NAME}`,
    html: ['class="checkout-page"', '<h1>Checkout</h1>'],
    visible: 'Checkout',
  },
  '/checkout/subscription': {
    title: `Subscription checkout · ${SITE_NAME}`,
    html: ['subscription-checkout', '<h1>Subscription checkout</h1>'],
    visible: 'Your subscription is ready for checkout.',
  },
  '/gift-card': {
    title: `Gift card · ${SITE_NAME}`,
    html: ['gift-card-checkout', 'data-sku="JP-GC-150"', 'gift-card-unchosen'],
    visible: 'Select a denomination for the Gift Card',
  },
  '/gift-card?itemId=65a0c3e8d1f2000000000019&sku=JP-GC-50': {
    title: `Gift card · ${SITE_NAME}`,
    html: ['gift-card-amount" data-sku="JP-GC-50"'],
    visible: 'Your gift card is ready for checkout.',
  },
  '/contact': {
    title: `Contact · ${SITE_NAME}`,
    html: [
      'data-jsont-form=',
      ...FIELD_TYPES.map((t) => `data-field-type="${t}"`),
      'form-section',
      'type="hidden"',
    ],
    visible: 'How was your last order?',
  },
  '/journal': {
    title: `Journal · ${SITE_NAME}`,
    html: ['Glazing with Wood Ash', 'sqs-comment-link', 'sqs-simple-like'],
    visible: 'A Visit to Our Coffee Roaster',
  },
  '/journal/glazing-with-wood-ash': {
    title: `Glazing with Wood Ash · ${SITE_NAME}`,
    html: [
      '2 comments',
      'Do you wash the ash first?',
      'squarespace-social-buttons',
      'squarespace-comments',
    ],
    visible: 'Do you wash the ash first?',
  },
  '/journal/a-visit-to-our-coffee-roaster': {
    title: `A Visit to Our Coffee Roaster · ${SITE_NAME}`,
    html: ['1 comment', 'Just brewed mine.'],
    visible: 'A Visit to Our Coffee Roaster',
  },
  '/journal/caring-for-linen': {
    title: `How to Care for Linen · ${SITE_NAME}`,
    html: ['How to Care for Linen', 'Comments are closed.'],
    visible: 'Comments are closed.',
  },
  '/gallery': {
    title: `Gallery · ${SITE_NAME}`,
    html: ['gallery--grid', 'The studio at dawn', 'data-color-center='],
    visible: 'Unloading the kiln',
  },
  '/events': {
    title: `Events · ${SITE_NAME}`,
    html: [
      'Winter Makers Market',
      'http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Winter%20Makers%20Market',
    ],
    visible: 'Add to Google Calendar',
  },
  '/search': {
    title: `Search · ${SITE_NAME}`,
    html: ['search-hint'],
    visible: 'Type a word such as',
  },
  '/search?q=linen': {
    title: `Search · ${SITE_NAME}`,
    html: ['3 results for', 'How to Care for Linen'],
    visible: '3 results for',
  },
  '/lessons': {
    title: `Lessons · ${SITE_NAME}`,
    html: ['data-page-type="lesson-collection"', 'Centering Clay', 'lesson-badge'],
    visible: 'Trimming a Foot Ring',
  },
  '/lessons/centering-clay': {
    title: `Centering Clay · ${SITE_NAME}`,
    html: ['data-page-type="lesson-item"', 'lesson-body'],
    visible: 'it is centred',
  },
  '/lessons/trimming-a-foot-ring': {
    title: `Trimming a Foot Ring · ${SITE_NAME}`,
    html: ['data-member-action="paywall"', 'data-member-action="join"'],
    visible: 'This lesson is for members',
  },
  '/members/access-denied': {
    title: `Members only · ${SITE_NAME}`,
    html: ['data-page-type="member-area-access-denied"', 'data-member-action="join"'],
    visible: 'part of the studio membership',
  },
  '/account/sign-in': {
    title: `Sign in · ${SITE_NAME}`,
    html: ['<form class="sign-in-form" method="post"', 'name="crumb"'],
    visible: 'Remember me',
  },
};
