/**
 * The address suggestions' proxy (docs/storefront.md, "API calls": places autocomplete, then
 * details, each with the tracking context). The preview answers from a fixed list of addresses
 * instead of a maps service: the same input always gives the same suggestions, and no request
 * leaves the machine.
 */
import {
  PlaceDetailsQuery,
  PlaceDetailsResponse,
  PlacesAutocompleteQuery,
  PlacesAutocompleteResponse,
} from '../../storefront/api/schemas.js';
import { fail, parseWith } from './http.js';
import type { Route } from './router.js';

/** Most suggestions per answer. */
export const MAX_PREDICTIONS = 5;

interface FakePlace {
  placeId: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const FAKE_PLACES: readonly FakePlace[] = [
  ['fake-1', '1200 SE Morrison St', 'Portland', 'OR', '97214', 'United States'],
  ['fake-2', '1234 NW Glisan St', 'Portland', 'OR', '97209', 'United States'],
  ['fake-3', '12 Market Street', 'San Francisco', 'CA', '94105', 'United States'],
  ['fake-4', '455 Larkspur Lane', 'Bend', 'OR', '97701', 'United States'],
  ['fake-5', '88 Queen Street West', 'Toronto', 'ON', 'M5H 2M5', 'Canada'],
  ['fake-6', '10 Downing Street', 'London', '', 'SW1A 2AA', 'United Kingdom'],
].map(([placeId, address1, city, state, zip, country]) => ({
  placeId: placeId!,
  address1: address1!,
  city: city!,
  state: state!,
  zip: zip!,
  country: country!,
}));

const describe = (p: FakePlace) =>
  [p.address1, p.city, p.state, p.country].filter((part) => part !== '').join(', ');

export const placesRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/google-maps/places/autocomplete',
    response: PlacesAutocompleteResponse,
    handle(ctx) {
      const words = parseWith(PlacesAutocompleteQuery, ctx.query)
        .input.toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      const predictions =
        words.length === 0
          ? []
          : FAKE_PLACES.filter((p) => words.every((w) => describe(p).toLowerCase().includes(w)))
              .slice(0, MAX_PREDICTIONS)
              .map((p) => ({ placeId: p.placeId, description: describe(p) }));
      return { predictions };
    },
  },
  {
    method: 'GET',
    path: '/api/google-maps/places/details',
    response: PlaceDetailsResponse,
    handle(ctx) {
      const { placeId } = parseWith(PlaceDetailsQuery, ctx.query);
      const place = FAKE_PLACES.find((p) => p.placeId === placeId);
      if (place === undefined) throw fail(404, 'No such place');
      const { placeId: _id, ...address } = place;
      return { address: { ...address, address2: '' } };
    },
  },
];
