/**
 * Spec §5's listing rules as data: each rule with boundary cases on both sides and the CHECK
 * constraint that must refuse a bad value (none: the value is accepted). The SQL suite and the
 * /rest/v1 suite both hold Postgres to this one table.
 */

export type Row = Record<string, unknown>
export type RuleCase = readonly [overrides: Row, constraint: string | RegExp | undefined]

const accepted = (overrides: Row): RuleCase => [overrides, undefined]
const refused = (overrides: Row, constraint: string | RegExp): RuleCase => [overrides, constraint]
const offer = (regular: number, discounted: number | null) => ({
  offer: true,
  regular_price: regular,
  discounted_price: discounted,
})

/** The rules, with `image` as the address every image case uses. */
export function listingRules(image: string): Record<string, RuleCase[]> {
  const images = (count: number) => Array.from({ length: count }, () => image)
  return {
    'name is 10 to 32 characters': [
      refused({ name: 'x'.repeat(9) }, 'listings_name_length'),
      accepted({ name: 'x'.repeat(10) }),
      accepted({ name: 'x'.repeat(32) }),
      refused({ name: 'x'.repeat(33) }, 'listings_name_length'),
    ],
    'bedrooms are 1 to 50': [
      refused({ bedrooms: 0 }, 'listings_bedrooms_range'),
      accepted({ bedrooms: 1 }),
      accepted({ bedrooms: 50 }),
      refused({ bedrooms: 51 }, 'listings_bedrooms_range'),
    ],
    'bathrooms are 1 to 50': [
      refused({ bathrooms: 0 }, 'listings_bathrooms_range'),
      accepted({ bathrooms: 1 }),
      accepted({ bathrooms: 50 }),
      refused({ bathrooms: 51 }, 'listings_bathrooms_range'),
    ],
    'the regular price is 50 to 750000000': [
      refused({ regular_price: 49 }, 'listings_regular_price_range'),
      accepted({ regular_price: 50 }),
      accepted({ regular_price: 750000000 }),
      refused({ regular_price: 750000001 }, 'listings_regular_price_range'),
    ],
    'an offer has a discounted price of 50 to 750000000': [
      refused(offer(1200, 49), 'listings_discounted_price_range'),
      accepted(offer(1200, 50)),
      accepted(offer(750000000, 749999999)),
      // Above the range is also above any regular price: either rule may report it.
      refused(offer(750000000, 750000001), /listings_discount(ed_price_range|_below_regular)/),
      refused(offer(1200, null), 'listings_offer_needs_discount'),
    ],
    'the discounted price is less than the regular price': [
      accepted(offer(1200, 1199)),
      refused(offer(1200, 1200), 'listings_discount_below_regular'),
      refused(offer(1200, 1300), 'listings_discount_below_regular'),
    ],
    'there is no discounted price without an offer': [
      refused(
        { offer: false, regular_price: 1200, discounted_price: 1000 },
        'listings_discount_only_with_offer',
      ),
      accepted({ offer: false, discounted_price: null }),
    ],
    'a listing has 1 to 6 images': [
      refused({ image_urls: [] }, 'listings_image_count'),
      accepted({ image_urls: images(1) }),
      accepted({ image_urls: images(6) }),
      refused({ image_urls: images(7) }, 'listings_image_count'),
      refused({ image_urls: [image, null] }, 'listings_image_count'),
    ],
    'the type is rent or sale': [
      accepted({ type: 'rent' }),
      // A sale has no deposit: a rent listing (given one by validListing) drops it to become a sale.
      accepted({ type: 'sale', deposit: null }),
      refused({ type: 'lease' }, 'listings_type_valid'),
    ],
    'the address is required': [
      refused({ location: '' }, 'listings_location_present'),
      refused({ location: '   ' }, 'listings_location_present'),
    ],
    'coordinates are on the globe': [
      accepted({ latitude: -90, longitude: 180 }),
      refused({ latitude: 90.5 }, 'listings_latitude_range'),
      refused({ latitude: -90.5 }, 'listings_latitude_range'),
      refused({ longitude: 180.5 }, 'listings_longitude_range'),
      refused({ longitude: -180.5 }, 'listings_longitude_range'),
    ],
  }
}

/** A readable test name for a case: the changed columns, with image lists counted. */
export const ruleLabel = (overrides: Row) =>
  JSON.stringify(overrides, (key, value) => (key === 'image_urls' ? `${value.length} images` : value))
